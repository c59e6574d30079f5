import { Link } from "react-router";
import { Button, Result } from "antd";
import { HOME_PATH } from "../lib/staff-session.ts";

export function meta() {
  return [{ title: "页面不存在 - 商城管理后台" }];
}

/** Any other console path: the pages to come (订单发货, 退款审核 …) are not linked until they exist. */
export default function NotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="该页面尚未开放"
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">返回客服工作台</Button>
        </Link>
      }
    />
  );
}
