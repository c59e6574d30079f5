import { useState } from "react";
import { DownIcon } from "./icons.tsx";

interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
  "aria-label": string;
}

/**
 * A whole-number field with up and down steps (antd's InputNumber look). Typing is free; the
 * number is kept within min…max when the field is left or Enter is pressed. ↑/↓ step from what
 * is shown: a number just typed, else the value.
 */
export function QuantityStepper({ value, min, max, disabled = false, onChange, "aria-label": label }: QuantityStepperProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const clamp = (next: number) => Math.min(Math.max(next, min), Math.max(min, max));
  /** The typed number, or the value when nothing (or nothing numeric) is typed. */
  const shown = () => {
    const number = typed === null ? Number.NaN : Number.parseInt(typed, 10);
    return Number.isFinite(number) ? number : value;
  };
  const commit = () => {
    if (typed === null) return;
    setTyped(null);
    onChange(clamp(shown()));
  };
  const step = (by: 1 | -1) => {
    setTyped(null);
    onChange(clamp(shown() + by));
  };
  return (
    <span className={disabled ? "ui-stepper is-disabled" : "ui-stepper"}>
      <input
        className="ui-stepper__input"
        role="spinbutton"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        inputMode="numeric"
        autoComplete="off"
        value={typed ?? String(value)}
        disabled={disabled}
        onChange={(event) => setTyped(event.target.value.replace(/\D/g, ""))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
          else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
            event.preventDefault(); // no caret jump to the start or end
            step(event.key === "ArrowUp" ? 1 : -1);
          }
        }}
      />
      <span className="ui-stepper__buttons">
        <button type="button" className="ui-stepper__button" aria-label="增加数量" tabIndex={-1} disabled={disabled || value >= max} onClick={() => step(1)}>
          <DownIcon className="ui-stepper__up" />
        </button>
        <button type="button" className="ui-stepper__button" aria-label="减少数量" tabIndex={-1} disabled={disabled || value <= min} onClick={() => step(-1)}>
          <DownIcon />
        </button>
      </span>
    </span>
  );
}
