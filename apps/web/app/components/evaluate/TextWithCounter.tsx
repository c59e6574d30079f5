import { Input } from "antd";
import { EVALUATE_TEXT_MAX } from "@shop/contract";

/** The evaluation or follow-up text: plain text, at most EVALUATE_TEXT_MAX characters, counted as typed. */
export function TextWithCounter({ label, value, onChange, placeholder, disabled }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
}) {
  return (
    <Input.TextArea
      className="evaluate-text"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      maxLength={EVALUATE_TEXT_MAX}
      showCount
      autoSize={{ minRows: 4, maxRows: 10 }}
      disabled={disabled}
    />
  );
}
