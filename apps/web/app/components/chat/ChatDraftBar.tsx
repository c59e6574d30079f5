import { CloseIcon } from "../ui/icons.tsx";
import type { ChatDraft } from "./chat-launcher.ts";
import { GoodsCard, OrderCard } from "./ChatCards.tsx";

interface ChatDraftBarProps {
  draft: ChatDraft;
  sending: boolean;
  onSend: () => void;
  onDismiss: () => void;
}

/** The card the member came with (a SKU, an order), not sent until 发送 (SPEC §4); × drops it. */
export function ChatDraftBar({ draft, sending, onSend, onDismiss }: ChatDraftBarProps) {
  const [label, sendName] = draft.content_type === 1 ? ["咨询商品", "发送此商品"] : ["咨询订单", "发送此订单"];
  return (
    <section className="chat-draft" aria-label={label}>
      <span className="chat-draft__label">{label}</span>
      <div className="chat-draft__card">{draft.content_type === 1 ? <GoodsCard goods={draft.goods} /> : <OrderCard order={draft.order} />}</div>
      <button type="button" className="chat-button chat-draft__send" disabled={sending} aria-label={sendName} onClick={onSend}>
        发送
      </button>
      <button type="button" className="chat-draft__dismiss" aria-label="不发送" onClick={onDismiss}>
        <CloseIcon />
      </button>
    </section>
  );
}
