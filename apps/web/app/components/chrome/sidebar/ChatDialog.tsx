import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "../../ui/icons.tsx";

/**
 * The platform's customer-service chat (SPEC §2, 48% wide). The chat issue replaces the body
 * with the real conversation; the side bar only opens and closes it. A native modal <dialog>:
 * focus is kept inside, Esc closes it, no dialog library on public pages.
 */
export function ChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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
      onClose={onClose}
      // a click on the backdrop lands on the <dialog> itself
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      {/* the box's whole area is this element, so a click on the <dialog> itself is outside it */}
      <div className="chat-dialog-box">
        <div className="chat-dialog-header">
          <h2 id={titleId} className="chat-dialog-title">平台客服</h2>
          <button type="button" className="chat-dialog-close" aria-label="关闭" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {open && <p className="chat-coming-soon">客服功能即将上线</p>}
      </div>
    </dialog>
  );
}
