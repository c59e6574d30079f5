import { useEffect, useId, useRef, useState } from "react";
import { PLATFORM_SHOP_NAME } from "@shop/contract/domains/chat-rules";
import { useGlobalData } from "../../lib/global-data.ts";
import { imageUrl } from "../../lib/image.ts";
import { CloseIcon } from "../ui/icons.tsx";
import { TOAST_REGION_ATTRIBUTES, TOAST_REGION_CLASS } from "../ui/toast.ts";
import type { ChatDraft } from "./chat-launcher.ts";
import { useChatConversation, type ChatPresence } from "./useChatConversation.ts";
import { ChatMessageList } from "./ChatMessageList.tsx";
import { ChatComposer } from "./ChatComposer.tsx";
import { ChatDraftBar } from "./ChatDraftBar.tsx";
import { ChatImageViewer } from "./ChatImageViewer.tsx";
import "../../styles/chat.css";

export interface ChatDialogProps {
  open: boolean;
  /** a card to offer for sending (SKU page, order detail), or null */
  draft: ChatDraft | null;
  onClose: () => void;
  /** the draft was sent or dismissed */
  onDraftDone: () => void;
}

/**
 * The platform's customer-service chat (SPEC §2, 48 % wide): loaded on demand by the side bar's
 * ContactService when the member first opens it, never rendered on the server. A native modal
 * <dialog> (focus kept inside, Esc closes, no dialog library on public pages). The conversation
 * — socket, history, sending — lives only while it is open: closing it closes the socket and says bye.
 */
export default function ChatDialog({ open, draft, onClose, onDraftDone }: ChatDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { site } = useGlobalData();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="chat-dialog"
      aria-labelledby={titleId}
      // React passes a nested dialog's close (the picture viewer's) up the tree: only this one's counts.
      onClose={(event) => event.target === event.currentTarget && onClose()}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="chat-dialog-box">
        <header className="chat-header">
          {site.logo && <img className="chat-header__logo" src={imageUrl(site.logo)} alt={site.site_name} height={32} />}
          <h2 id={titleId} className="chat-header__title">
            {PLATFORM_SHOP_NAME}
          </h2>
          <button type="button" className="chat-header__close" aria-label="关闭" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {open && <ChatConversation draft={draft} onDraftDone={onDraftDone} />}
      </div>
      {/* Toasts shown while the chat is open land here: the page under a modal dialog is inert (toast.ts). */}
      <div className={TOAST_REGION_CLASS} {...TOAST_REGION_ATTRIBUTES} />
    </dialog>
  );
}

const PRESENCE_TEXT: Record<ChatPresence, string> = {
  connecting: "正在连接客服…",
  online: "客服在线",
  offline: "客服不在线",
  closed: "",
};

function ChatConversation({ draft, onDraftDone }: Pick<ChatDialogProps, "draft" | "onDraftDone">) {
  const chat = useChatConversation();
  const { defaultImages } = useGlobalData();
  const [viewing, setViewing] = useState("");

  const sendDraft = async () => {
    if (!draft) return;
    const sent = await chat.send(draft.content_type === 1 ? { content_type: 1, goods_id: draft.goods.sku_id } : { content_type: 2, order_id: draft.order.order_id });
    if (sent) onDraftDone();
  };

  return (
    <>
      <p className={`chat-presence chat-presence--${chat.presence}`} role="status">
        {chat.presence === "closed" ? `${chat.closedReason}，发送消息可继续咨询` : PRESENCE_TEXT[chat.presence]}
      </p>
      <ChatMessageList
        messages={chat.messages}
        hasOlder={chat.hasOlder}
        loading={chat.loadingHistory}
        onLoadOlder={chat.loadOlder}
        fallbackAvatar={defaultImages.head}
        onViewImage={setViewing}
      />
      {draft && <ChatDraftBar draft={draft} sending={chat.sending} onSend={() => void sendDraft()} onDismiss={onDraftDone} />}
      <ChatComposer keywords={chat.keywords} sending={chat.sending} send={chat.send} onError={chat.reportError} />
      {viewing && <ChatImageViewer url={viewing} onClose={() => setViewing("")} />}
    </>
  );
}
