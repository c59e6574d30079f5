import { useEffect, useRef } from "react";
import { CloseIcon } from "../ui/icons.tsx";

/**
 * A chat picture at full size, over the chat. A modal <dialog> of its own: inside the chat's
 * (the page's ImageViewer portals to the body, which the open chat makes inert). Esc, the close
 * button or a click beside the picture closes it; focus then returns to the chat.
 */
export function ChatImageViewer({ url, onClose }: { url: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="chat-viewer"
      aria-label="查看图片"
      // Esc closes only this dialog, not the chat under it.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <img className="chat-viewer__image" src={url} alt="聊天图片大图" />
      <button type="button" className="chat-viewer__close" aria-label="关闭" onClick={onClose}>
        <CloseIcon />
      </button>
    </dialog>
  );
}
