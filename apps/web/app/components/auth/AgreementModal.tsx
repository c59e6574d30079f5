import { useEffect, useState } from "react";
import { Modal, Spin } from "antd";
import type { Agreement } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { htmlToParagraphs } from "../../lib/html-text.ts";

/** 《用户注册协议》 from /api/register/aggrement, shown as text paragraphs (never as HTML). */
export function AgreementModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [agreement, setAgreement] = useState<Agreement | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || agreement) return;
    setFailed(false);
    browserApi
      .call("/api/register/aggrement")
      .then(setAgreement)
      .catch(() => setFailed(true));
  }, [open, agreement]);

  const paragraphs = agreement ? htmlToParagraphs(agreement.content) : [];
  return (
    <Modal
      open={open}
      title={agreement?.title || "用户注册协议"}
      width={720}
      okText="我已阅读"
      onOk={onClose}
      onCancel={onClose}
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <div className="auth-agreement">
        {failed && <p>协议加载失败，请稍后再试。</p>}
        {!failed && !agreement && <Spin />}
        {paragraphs.map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
    </Modal>
  );
}
