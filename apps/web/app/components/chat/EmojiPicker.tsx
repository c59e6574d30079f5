import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { CHAT_EMOJI } from "@shop/contract/domains/chat-emoji";
import { SmileIcon } from "./chat-icons.tsx";

/** Emoji per row of the panel (arrow keys move by one, ↑/↓ by a row). */
const COLUMNS = 10;

/** Which emoji an arrow key, Home or End moves to from `index`; the same index for other keys. */
export function emojiKeyTarget(key: string, index: number, count: number = CHAT_EMOJI.length, columns: number = COLUMNS): number {
  const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, ArrowUp: index - columns, ArrowDown: index + columns, Home: 0, End: count - 1 };
  const target = moves[key];
  return target === undefined || target < 0 || target >= count ? index : target;
}

/**
 * The 47-emoji panel (SPEC §2) under a 表情 button. Keyboard: the button opens it with focus on the
 * first emoji; arrows, Home and End move; Enter or Space inserts; Esc closes and returns to the
 * button (without closing the chat); Tab leaves it as one stop (roving tabindex).
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelectorAll<HTMLButtonElement>("button")[active]?.focus();
  }, [open, active]);

  // A click anywhere else closes the panel.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      // Not the dialog's Esc: only the panel closes.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    const next = emojiKeyTarget(event.key, active);
    if (next !== active || event.key.startsWith("Arrow")) event.preventDefault();
    setActive(next);
  };

  const pick = (emoji: string) => {
    onPick(emoji);
    setOpen(false);
  };

  return (
    <div className="chat-emoji">
      <button
        ref={toggle}
        type="button"
        className="chat-tool"
        aria-label="表情"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setActive(0);
          setOpen(!open);
        }}
      >
        <SmileIcon />
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="chat-emoji__panel"
          role="group"
          aria-label="选择表情"
          onKeyDown={onKeyDown}
          // Tabbing away closes it (the toggle's own click decides when focus goes there).
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (!event.currentTarget.contains(next) && next !== toggle.current) setOpen(false);
          }}
        >
          {CHAT_EMOJI.map((emoji, index) => (
            <button key={emoji} type="button" className="chat-emoji__item" tabIndex={index === active ? 0 : -1} onClick={() => pick(emoji)}>
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
