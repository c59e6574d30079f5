import { Link } from "react-router";
import { Button, Result } from "antd";
import { HOME_PATH } from "../lib/staff-session.ts";

export function meta() {
  return [{ title: "页面不存在 - 商城管理后台" }];
}

/** Any other console path. */
export default function NotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或尚未开放"
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
