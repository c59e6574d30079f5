import { useEffect, useEffectEvent, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CloseIcon, LeftIcon, RightIcon } from "./icons.tsx";

interface ImageViewerProps {
  /** full-size picture URLs */
  images: string[];
  start: number;
  onClose: () => void;
}

/** Tab and Shift+Tab go round the dialog's enabled buttons; focus found outside comes back in. */
function keepFocusInside(event: KeyboardEvent, dialog: HTMLElement) {
  const buttons = [...dialog.querySelectorAll<HTMLElement>("button:not(:disabled)")];
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (event.shiftKey ? outside || active === first : outside || active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * Full-size pictures over a dimmed page (antd's Image preview): arrows and ←/→ switch, Esc, the
 * close button or a click beside the picture closes. A modal dialog: focus starts on the close
 * button, stays inside while open and goes back to the opener on close. Loaded on demand
 * (React.lazy), so pages carry it only once someone opens a picture.
 */
export default function ImageViewer({ images, start, onClose }: ImageViewerProps) {
  const [index, setIndex] = useState(start);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const last = images.length - 1;

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === "Escape") onClose();
    else if (event.key === "Tab" && dialog.current) keepFocusInside(event, dialog.current);
    else if (event.key === "ArrowLeft") setIndex((at) => Math.max(0, at - 1));
    else if (event.key === "ArrowRight") setIndex((at) => Math.min(last, at + 1));
  });

  // Once per opening (not again when the parent passes a new onClose).
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => {
      window.removeEventListener("keydown", listener);
      opener?.focus();
    };
  }, []);

  // ‹ or › disabled at the first or last picture drops its focus: keep it in the dialog.
  useEffect(() => {
    if (dialog.current && !dialog.current.contains(document.activeElement)) closeButton.current?.focus();
  }, [index]);

  return createPortal(
    <div ref={dialog} className="ui-viewer" role="dialog" aria-modal="true" aria-label="查看图片" onClick={onClose}>
      <img className="ui-viewer__image" src={images[index]} alt={`第 ${index + 1} 张图片`} onClick={(event) => event.stopPropagation()} />
      <button ref={closeButton} type="button" className="ui-viewer__button ui-viewer__close" aria-label="关闭" onClick={onClose}>
        <CloseIcon />
      </button>
      {images.length > 1 && (
        <>
          <button
            type="button"
            className="ui-viewer__button ui-viewer__prev"
            aria-label="上一张"
            disabled={index === 0}
            onClick={(event) => {
              event.stopPropagation();
              setIndex(index - 1);
            }}
          >
            <LeftIcon />
          </button>
          <button
            type="button"
            className="ui-viewer__button ui-viewer__next"
            aria-label="下一张"
            disabled={index === last}
            onClick={(event) => {
              event.stopPropagation();
              setIndex(index + 1);
            }}
          >
            <RightIcon />
          </button>
          <p className="ui-viewer__count">
            {index + 1} / {images.length}
          </p>
        </>
      )}
    </div>,
    document.body,
  );
}
