import type { ReactNode } from "react";
import { AppLink } from "../../chrome/AppLink.tsx";
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
  const tab = variant === "tab";
  return (
    <div className={`home-floor-title home-floor-title--${variant}`} style={{ borderColor: color }}>
      <h2 className="home-floor-title__heading" style={tab ? { backgroundColor: color } : { color }}>
        {variant === "accent" && <span className="home-floor-title__mark" style={{ backgroundColor: color }} />}
        <AppLink to={title?.link ?? ""} className="home-floor-title__text">{text}</AppLink>
      </h2>
      {subTitle && (
        <p className="home-floor-title__sub" style={subTitle.color ? { color: subTitle.color } : undefined}>
          <AppLink to={subTitle.link}>{subTitle.text}</AppLink>
        </p>
      )}
      {extra && <div className="home-floor-title__extra">{extra}</div>}
    </div>
  );
}
