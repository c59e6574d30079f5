import { useEffect, useRef, useState } from "react";
import { ToTopIcon } from "../../ui/icons.tsx";

/** SPEC §9: the button appears after scrolling more than 300 px. */
const SHOW_AFTER_PX = 300;

/** Each animation frame scrolls up by this share of the remaining distance (at least MIN_STEP_PX). */
const STEP_RATIO = 1 / 6;
const MIN_STEP_PX = 20;

/** Back to top: scrolls up in steps, one per animation frame. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  const frame = useRef(0);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      window.removeEventListener("scroll", update);
      cancelAnimationFrame(frame.current);
    };
  }, []);

  const scrollUp = () => {
    cancelAnimationFrame(frame.current);
    // the shopper taking the wheel stops the animation
    const stop = () => cancelAnimationFrame(frame.current);
    window.addEventListener("wheel", stop, { once: true, passive: true });
    const step = () => {
      const y = window.scrollY;
      if (y <= 0) {
        window.removeEventListener("wheel", stop);
        return;
      }
      window.scrollTo(0, Math.max(0, y - Math.max(y * STEP_RATIO, MIN_STEP_PX)));
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
  };

  return (
    <button
      type="button"
      className={visible ? "sidebar-item sidebar-backtop sidebar-backtop-visible" : "sidebar-item sidebar-backtop"}
      aria-label="返回顶部"
      onClick={scrollUp}
    >
      <span className="sidebar-icon">
        <ToTopIcon />
      </span>
      <span className="sidebar-tip">返回顶部</span>
    </button>
  );
}
