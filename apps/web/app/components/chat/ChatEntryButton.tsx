import { useGlobalData } from "../../lib/global-data.ts";
import { AppLink } from "../chrome/AppLink.tsx";
import { CustomerServiceIcon } from "../ui/icons.tsx";
import { chatEntryKind, loadChatDialog, openChat, type ChatDraft } from "./chat-launcher.ts";

interface ChatEntryButtonProps {
  /** the card the dialog offers to send (a SKU, an order), made when clicked */
  draft: () => ChatDraft;
  label?: string;
  className?: string;
}

/**
 * 联系客服 on a SKU page or an order: opens the side bar's chat dialog with a card to send (a
 * guest is told 您还未登录 there). Service type third links to its URL in a new tab; none hides it.
 */
export function ChatEntryButton({ draft, label = "联系客服", className = "chat-entry" }: ChatEntryButtonProps) {
  const { servicer, member } = useGlobalData();
  const kind = chatEntryKind(servicer);
  const content = (
    <>
      <CustomerServiceIcon />
      <span>{label}</span>
    </>
  );
  if (kind === "hidden") return null;
  if (kind === "third") {
    return (
      <AppLink to={servicer.third_url} newTab className={className}>
        {content}
      </AppLink>
    );
  }
  return (
    <button type="button" className={className} onClick={() => openChat(draft())} onPointerEnter={() => member && void loadChatDialog()}>
      {content}
    </button>
  );
}
