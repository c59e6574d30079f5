import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import { SECURITY_PATH } from "./security-view.ts";

/** The last step of every security form: what changed, and the way back to 账户安全. */
export function SecurityDone({ title, detail }: { title: string; detail?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={title}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => void navigate(SECURITY_PATH)}>
          返回账户安全
        </Button>
      }
    />
  );
}
