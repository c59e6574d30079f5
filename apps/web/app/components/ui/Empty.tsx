import type { ReactNode } from "react";

interface EmptyProps {
  description: ReactNode;
  /** antd's small picture (an empty tray) instead of the large one */
  simple?: boolean;
  className?: string;
}

/** "Nothing here": antd's Empty picture (drawn by ui.css, not sent in the HTML) over a line of text. */
export function Empty({ description, simple = false, className }: EmptyProps) {
  const classes = ["ui-empty", simple ? "ui-empty--simple" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <div className="ui-empty__image" aria-hidden="true" />
      <p className="ui-empty__description">{description}</p>
    </div>
  );
}
