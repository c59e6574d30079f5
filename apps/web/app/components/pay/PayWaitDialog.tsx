import { Button, Modal } from "antd";
import { imageUrl } from "../../lib/image.ts";

/** What the cashier waits for: a gateway page opened in another tab, or a QR code to scan. */
export type PayWaiting = { kind: "url"; code: string; url: string } | { kind: "qrcode"; code: string; qrcode: string };

interface PayWaitDialogProps {
  waiting: PayWaiting | null;
  amount: string;
  /** 已完成支付 */
  onPaid: () => void;
  onClose: () => void;
}

/**
 * While the shopper pays elsewhere: the QR code to scan, or a note about the gateway's tab (with
 * its link, should the browser have blocked the tab). The cashier polls meanwhile and leaves for
 * the result page by itself.
 */
export function PayWaitDialog({ waiting, amount, onPaid, onClose }: PayWaitDialogProps) {
  const footer = [
    <Button key="close" onClick={onClose}>
      {waiting?.kind === "qrcode" ? "取消" : "重新选择支付方式"}
    </Button>,
    <Button key="paid" type="primary" onClick={onPaid}>
      已完成支付
    </Button>,
  ];
  return (
    <Modal open={waiting !== null} title={waiting?.kind === "qrcode" ? "扫码支付" : "请在新打开的页面中完成支付"} onCancel={onClose} footer={footer} width={420} centered destroyOnHidden>
      {waiting?.kind === "qrcode" ? (
        <div className="pay-qrcode">
          {/* A picture path (upload/qrcode/…), relative like every picture of the API. */}
          <img src={imageUrl(waiting.qrcode)} alt="支付二维码" width={220} height={220} />
          <p>
            应付金额 <strong className="pay-amount">¥{amount}</strong>
          </p>
          <p className="pay-wait-note">请使用手机扫码完成支付，支付成功后本页会自动跳转</p>
        </div>
      ) : waiting ? (
        <div className="pay-wait">
          <p>支付页面已在新窗口打开，完成支付前请不要关闭本页面。</p>
          <p className="pay-wait-note">
            支付成功后本页会自动跳转。没有看到支付页面？
            <a href={waiting.url} target="_blank" rel="noopener noreferrer">
              点此打开
            </a>
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
