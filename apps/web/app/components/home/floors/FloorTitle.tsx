import type { CSSProperties, ReactNode } from "react";
import { PlainLink } from "../../common/PlainLink.tsx";
import { DEFAULT_FLOOR_COLOR, type TextBlockValue } from "./floor-blocks.ts";

export type FloorTitleVariant = "accent" | "center" | "tab";

interface FloorTitleProps {
  title: TextBlockValue | null;
  /** the floor's own name, used when the title block is empty */
  fallbackText: string;
  variant: FloorTitleVariant;
  subTitle?: TextBlockValue | null;
  /** shown on the right of the bar (floor-style-4: the "more" link) */
  extra?: ReactNode;
}

/**
 * A floor's title bar in the title block's colour: "accent" (coloured mark and rule), "center"
 * (centred heading over a subtitle) or "tab" (white title on a coloured tab over a coloured rule).
 */
export function FloorTitle({ title, fallbackText, variant, subTitle, extra }: FloorTitleProps) {
  const color = title?.color || DEFAULT_FLOOR_COLOR;
  const text = title?.text || fallbackText;
  // One custom property colours the rule, the heading (text or tab) and the accent mark (home-floors.css).
  return (
    <div className={`home-floor-title home-floor-title--${variant}`} style={{ "--floor-color": color } as CSSProperties}>
      <h2 className="home-floor-title__heading">
        <PlainLink to={title?.link ?? ""} className="home-floor-title__text">{text}</PlainLink>
      </h2>
      {subTitle && (
        <p className="home-floor-title__sub" style={subTitle.color ? { color: subTitle.color } : undefined}>
          <PlainLink to={subTitle.link}>{subTitle.text}</PlainLink>
        </p>
      )}
      {extra && <div className="home-floor-title__extra">{extra}</div>}
    </div>
  );
}
