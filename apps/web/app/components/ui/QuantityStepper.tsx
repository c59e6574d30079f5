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
 * number is kept within min…max when the field is left or Enter is pressed.
 */
export function QuantityStepper({ value, min, max, disabled = false, onChange, "aria-label": label }: QuantityStepperProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const clamp = (next: number) => Math.min(Math.max(next, min), Math.max(min, max));
  const commit = () => {
    if (typed === null) return;
    const number = Number.parseInt(typed, 10);
    setTyped(null);
    onChange(Number.isFinite(number) ? clamp(number) : value);
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
          else if (event.key === "ArrowUp") onChange(clamp(value + 1));
          else if (event.key === "ArrowDown") onChange(clamp(value - 1));
        }}
      />
      <span className="ui-stepper__buttons">
        <button type="button" className="ui-stepper__button" aria-label="增加数量" tabIndex={-1} disabled={disabled || value >= max} onClick={() => onChange(clamp(value + 1))}>
          <DownIcon className="ui-stepper__up" />
        </button>
        <button type="button" className="ui-stepper__button" aria-label="减少数量" tabIndex={-1} disabled={disabled || value <= min} onClick={() => onChange(clamp(value - 1))}>
          <DownIcon />
        </button>
      </span>
    </span>
  );
}
