import type { ReactElement } from "react";

export interface IconProps {
  className?: string;
}

interface IconShape {
  /** antd's icons draw on 64 64 896 896; a few on the whole 1024 square */
  viewBox?: string;
  evenOdd?: boolean;
}

/**
 * An icon as a plain inline SVG (1em, currentColor, hidden from assistive technology: the text
 * beside it names the action). The path data is antd's (@ant-design/icons-svg, MIT), so the
 * pictures look as before, without the icon library's runtime.
 */
export function svgIcon(paths: string | string[], { viewBox = "64 64 896 896", evenOdd = false }: IconShape = {}) {
  const list = typeof paths === "string" ? [paths] : paths;
  return function Icon({ className }: IconProps): ReactElement {
    return (
      <svg
        className={className ? `ui-icon ${className}` : "ui-icon"}
        viewBox={viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        fillRule={evenOdd ? "evenodd" : undefined}
        aria-hidden="true"
        focusable="false"
      >
        {list.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}
