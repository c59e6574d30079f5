import { Link } from "../chrome/Link.tsx";
import type { BrandInitialCount } from "@shop/contract";
import { INITIALS, brandInitialPath } from "./brand-query.ts";

interface BrandInitialBarProps {
  /** "" = every brand */
  active: string;
  counts: BrandInitialCount[];
}

/** 全部 + A–Z + #: letters without brands are shown but cannot be chosen. */
export function BrandInitialBar({ active, counts }: BrandInitialBarProps) {
  const available = new Set(counts.filter((row) => row.count > 0).map((row) => row.brand_initial));
  const className = (initial: string) => `brand-initials__item${initial === active ? " brand-initials__item--active" : ""}`;
  return (
    <nav className="brand-initials" aria-label="按首字母筛选品牌">
      <Link to={brandInitialPath("")} className={`${className("")} brand-initials__all`}>
        全部品牌
      </Link>
      {INITIALS.map((initial) =>
        available.has(initial) ? (
          <Link key={initial} to={brandInitialPath(initial)} className={className(initial)} aria-current={initial === active ? "page" : undefined}>
            {initial}
          </Link>
        ) : (
          <span key={initial} className="brand-initials__item brand-initials__item--empty" aria-disabled>
            {initial}
          </span>
        ),
      )}
    </nav>
  );
}
