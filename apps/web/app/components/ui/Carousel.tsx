import { useEffect, useState, type Key, type ReactNode } from "react";

/** How a slide should load its picture. */
export interface SlideLoading {
  /** the first slide: the page's largest picture, fetched first */
  first: boolean;
  /** load now (the slide shown and the next one); else lazily */
  eager: boolean;
}

interface CarouselProps<Item> {
  items: Item[];
  itemKey: (item: Item) => Key;
  renderSlide: (item: Item, loading: SlideLoading) => ReactNode;
  /** names the carousel for assistive technology */
  label: string;
  intervalMs?: number;
  className?: string;
}

/**
 * Slides side by side, moved by autoplay (paused while the pointer or focus is inside) and by
 * the bar dots, like antd's Carousel. The server renders the first slide only: the others are
 * not seen before the first turn, so they (and the dots) come with hydration instead of adding
 * to every page's HTML. Slides out of view are inert; a picture loads when its slide is shown
 * or next.
 */
export function Carousel<Item>({ items, itemKey, renderSlide, label, intervalMs = 5000, className }: CarouselProps<Item>) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const count = items.length;
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (count < 2 || paused) return;
    // Restarted by every change of slide, so a dot click gets a full interval.
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [count, paused, intervalMs, active]);

  const next = (active + 1) % count;
  const slides = hydrated ? items : items.slice(0, 1);
  return (
    <div
      className={className ? `ui-carousel ${className}` : "ui-carousel"}
      role="region"
      aria-roledescription="轮播图"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="ui-carousel__track" style={active ? { transform: `translateX(-${active * 100}%)` } : undefined}>
        {slides.map((item, index) => (
          <div key={itemKey(item)} className="ui-carousel__slide" inert={index !== active} aria-hidden={index !== active ? true : undefined}>
            {renderSlide(item, { first: index === 0, eager: index === active || (hydrated && index === next) })}
          </div>
        ))}
      </div>
      {hydrated && count > 1 && (
        <div className="ui-carousel__dots">
          {items.map((item, index) => (
            <button
              key={itemKey(item)}
              type="button"
              className={index === active ? "ui-carousel__dot is-active" : "ui-carousel__dot"}
              aria-label={`第 ${index + 1} 张`}
              aria-current={index === active ? "true" : undefined}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
