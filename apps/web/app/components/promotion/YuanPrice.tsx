import { formatPrice } from "../../lib/format.ts";

/** A promotion's price in bold with a small ¥: "¥19.90". */
export function YuanPrice({ className, value }: { className: string; value: number | string }) {
  return (
    <strong className={className}>
      <small>¥</small>
      {formatPrice(value)}
    </strong>
  );
}
