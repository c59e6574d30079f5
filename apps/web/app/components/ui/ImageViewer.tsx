import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CloseIcon, LeftIcon, RightIcon } from "./icons.tsx";

interface ImageViewerProps {
  /** full-size picture URLs */
  images: string[];
  start: number;
  onClose: () => void;
}

/**
 * Full-size pictures over a dimmed page (antd's Image preview): arrows and ←/→ switch, Esc, the
 * close button or a click beside the picture closes. Loaded on demand (React.lazy), so pages
 * carry it only once someone opens a picture.
 */
export default function ImageViewer({ images, start, onClose }: ImageViewerProps) {
  const [index, setIndex] = useState(start);
  const closeButton = useRef<HTMLButtonElement>(null);
  const last = images.length - 1;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      else if (event.key === "ArrowLeft") setIndex((at) => Math.max(0, at - 1));
      else if (event.key === "ArrowRight") setIndex((at) => Math.min(last, at + 1));
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, [last, onClose]);

  return createPortal(
    <div className="ui-viewer" role="dialog" aria-modal="true" aria-label="查看图片" onClick={onClose}>
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
