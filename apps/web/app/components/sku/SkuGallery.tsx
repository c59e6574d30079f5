import { useState, type MouseEvent } from "react";
import { LeftIcon, RightIcon } from "../ui/icons.tsx";
import { sizedImage } from "./sku-images.ts";

/** Thumbnails visible at once under the main picture. */
const VISIBLE_THUMBS = 5;
/** The lens covers this share of the picture; the zoom pane shows it enlarged 1 / LENS times. */
const LENS = 0.5;

interface SkuGalleryProps {
  images: string[];
  name: string;
  fallback: string;
}

/**
 * Main picture with thumbnails (hover or click to show) and a JD-style zoom: a lens follows the
 * pointer and the pane beside the picture shows that part of the full-size image, doubled.
 */
export function SkuGallery({ images, name, fallback }: SkuGalleryProps) {
  const pictures = images.length ? images : fallback ? [fallback] : [];
  const [active, setActive] = useState(0);
  const [firstThumb, setFirstThumb] = useState(0);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const current = pictures[Math.min(active, pictures.length - 1)] ?? "";
  const canScroll = pictures.length > VISIBLE_THUMBS;

  const followPointer = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => Math.min(Math.max(value, 0), 1 - LENS);
    setLens({
      x: clamp((event.clientX - box.left) / box.width - LENS / 2),
      y: clamp((event.clientY - box.top) / box.height - LENS / 2),
    });
  };

  return (
    <div className="sku-gallery">
      <div className="sku-gallery__main" onMouseMove={followPointer} onMouseLeave={() => setLens(null)}>
        {/* The page's largest picture: fetched first. */}
        {current && <img src={sizedImage(current, "big")} alt={name} width={400} height={400} fetchPriority="high" />}
        {lens && current && (
          <span className="sku-gallery__lens" style={{ left: `${lens.x * 100}%`, top: `${lens.y * 100}%`, width: `${LENS * 100}%`, height: `${LENS * 100}%` }} />
        )}
      </div>
      {lens && current && (
        <div
          className="sku-gallery__zoom"
          aria-hidden
          style={{
            backgroundImage: `url("${sizedImage(current, "big")}")`,
            backgroundSize: `${100 / LENS}% ${100 / LENS}%`,
            backgroundPosition: `${(lens.x / (1 - LENS)) * 100}% ${(lens.y / (1 - LENS)) * 100}%`,
          }}
        />
      )}
      <div className={`sku-gallery__thumbs${canScroll ? "" : " is-static"}`}>
        <button
          type="button"
          className="sku-gallery__arrow"
          aria-label="上一张"
          disabled={!canScroll || firstThumb === 0}
          onClick={() => setFirstThumb((first) => Math.max(0, first - 1))}
        >
          <LeftIcon />
        </button>
        <ul className="sku-gallery__list">
          {pictures.slice(firstThumb, firstThumb + VISIBLE_THUMBS).map((picture, offset) => {
            const index = firstThumb + offset;
            return (
              <li key={`${picture}-${index}`}>
                <button
                  type="button"
                  className={`sku-gallery__thumb${index === active ? " is-active" : ""}`}
                  onMouseEnter={() => setActive(index)}
                  onFocus={() => setActive(index)}
                  onClick={() => setActive(index)}
                  aria-label={`第 ${index + 1} 张图片`}
                >
                  <img src={sizedImage(picture, "small")} alt="" width={50} height={50} loading="lazy" />
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="sku-gallery__arrow"
          aria-label="下一张"
          disabled={!canScroll || firstThumb + VISIBLE_THUMBS >= pictures.length}
          onClick={() => setFirstThumb((first) => Math.min(pictures.length - VISIBLE_THUMBS, first + 1))}
        >
          <RightIcon />
        </button>
      </div>
    </div>
  );
}
