import { lazy, Suspense, useEffect, useState } from "react";
import { useGlobalData } from "../../../lib/global-data.ts";
import { AppLink } from "../AppLink.tsx";
import { toast } from "../../ui/toast.ts";
import { CustomerServiceIcon } from "../../ui/icons.tsx";
import { chatEntryKind, listenForChatOpen, loadChatDialog, openChat, type ChatDraft } from "../../chat/chat-launcher.ts";

/** The dialog's code (socket, history, emoji …) is fetched when the member first opens it. */
const ChatDialog = lazy(loadChatDialog);

interface ChatState {
  /** the dialog's code was asked for (it stays mounted afterwards, open or closed) */
  started: boolean;
  open: boolean;
  draft: ChatDraft | null;
}

/**
 * SPEC §2/§4 联系客服: hidden for type none; type third opens third_url in a new tab; type
 * niushop opens the built-in chat for a member and warns a guest 您还未登录. The page's one chat
 * dialog lives here: other entries (SKU page, order detail) open it through chat-launcher.ts.
 */
export function ContactService() {
  const { servicer, member } = useGlobalData();
  const [chat, setChat] = useState<ChatState>({ started: false, open: false, draft: null });
  const kind = chatEntryKind(servicer);
  const isMember = member !== null;

  useEffect(() => {
    if (kind !== "chat") return;
    return listenForChatOpen((draft) => {
      if (!isMember) {
        toast.warning("您还未登录");
        return;
      }
      // A new entry's card replaces the one offered before; the side bar keeps it.
      setChat((now) => ({ started: true, open: true, draft: draft ?? now.draft }));
    });
  }, [kind, isMember]);

  const content = (
    <>
      <span className="sidebar-icon">
        <CustomerServiceIcon />
      </span>
      <span className="sidebar-tip">联系客服</span>
    </>
  );

  if (kind === "third") {
    return (
      <AppLink to={servicer.third_url} newTab className="sidebar-item" aria-label="联系客服">
        {content}
      </AppLink>
    );
  }
  if (kind === "hidden") return null;

  return (
    <>
      <button type="button" className="sidebar-item" aria-label="联系客服" onClick={() => openChat()} onPointerEnter={() => isMember && void loadChatDialog()}>
        {content}
      </button>
      {isMember && chat.started && (
        <Suspense fallback={null}>
          <ChatDialog
            open={chat.open}
            draft={chat.draft}
            onClose={() => setChat((now) => ({ ...now, open: false }))}
            onDraftDone={() => setChat((now) => ({ ...now, draft: null }))}
          />
        </Suspense>
      )}
    </>
  );
}
