import { Modal } from "antd";

/**
 * The platform's customer-service chat (SPEC §2, 48% wide). The chat issue replaces the body
 * with the real conversation; the side bar only opens and closes it.
 */
export function ChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onCancel={onClose} title="平台客服" width="48%" footer={null} destroyOnHidden centered>
      <p className="chat-coming-soon">客服功能即将上线</p>
    </Modal>
  );
}
