import { Rate } from "antd";
import { starsLabel } from "./evaluate-form.ts";

const TOOLTIPS = ["1 星 差评", "2 星 差评", "3 星 中评", "4 星 好评", "5 星 好评"];

/** 1–5 stars (no clearing: a score is always given) with what they count as (好评/中评/差评). */
export function StarsInput({ label, value, onChange, disabled, withKind = true }: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** say 好评/中评/差评 beside the stars (the goods' score), or the number of stars (shop scores) */
  withKind?: boolean;
}) {
  return (
    <div className="evaluate-stars" role="group" aria-label={label}>
      <span className="evaluate-stars-label">{label}</span>
      <Rate value={value} onChange={(next) => onChange(next || value)} allowClear={false} disabled={disabled} tooltips={TOOLTIPS} />
      <span className="evaluate-stars-kind">{withKind ? starsLabel(value) : `${value} 分`}</span>
    </div>
  );
}
