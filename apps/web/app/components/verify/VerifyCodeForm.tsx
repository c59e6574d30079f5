import { Form, useNavigate } from "react-router";
import { Button, Input } from "antd";
import { ScanOutlined } from "@ant-design/icons";
import { VERIFICATION_PATH, normalizeCode, verificationPath } from "./verify-paths.ts";

/**
 * The code box of the 核销台: typed, or filled by a barcode scanner (which types the QR's digits and
 * Enter). A GET form to the page itself (?code=…), so the lookup is a page load the loader answers —
 * it works before hydration, and a looked-up code can be reloaded or shared with a colleague. With
 * scripts the URL gets the code without the spaces typed to group it ("1234 5678 9012").
 */
export function VerifyCodeForm({ code }: { code: string }) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action={VERIFICATION_PATH}
      className="verify-panel verify-form"
      role="search"
      key={code}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(verificationPath(normalizeCode(String(new FormData(event.currentTarget).get("code") ?? ""))));
      }}
    >
      <label htmlFor="verify-code-input" className="verify-form-label">
        提货码 / 核销码
      </label>
      <div className="verify-form-row">
        <Input
          id="verify-code-input"
          name="code"
          size="large"
          defaultValue={code}
          placeholder="请输入或扫描顾客出示的提货码、核销码"
          prefix={<ScanOutlined aria-hidden />}
          maxLength={40}
          inputMode="numeric"
          autoComplete="off"
          autoFocus={!code}
        />
        <Button type="primary" size="large" htmlType="submit">
          核销
        </Button>
      </div>
      <p className="verify-form-tip">先查看核销码对应的订单和商品，确认无误后再点“确认核销”。每个码只能核销一次。</p>
    </Form>
  );
}
