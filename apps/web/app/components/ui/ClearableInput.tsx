import { useRef, useState, type ReactNode } from "react";
import { CloseCircleFilledIcon } from "./icons.tsx";

interface ClearableInputProps {
  name: string;
  defaultValue: string;
  maxLength: number;
  placeholder: string;
  "aria-label": string;
  prefix?: ReactNode;
  large?: boolean;
}

/**
 * An uncontrolled text field for GET forms (its value goes with the form, so it works before
 * hydration), with antd's look and its clear button while there is text.
 */
export function ClearableInput({ name, defaultValue, maxLength, placeholder, "aria-label": label, prefix, large = false }: ClearableInputProps) {
  const field = useRef<HTMLInputElement>(null);
  const [filled, setFilled] = useState(defaultValue !== "");
  const clear = () => {
    if (!field.current) return;
    field.current.value = "";
    setFilled(false);
    field.current.focus();
  };
  return (
    <span className={large ? "ui-input ui-input--large" : "ui-input"}>
      {prefix && <span className="ui-input__prefix">{prefix}</span>}
      <input
        ref={field}
        className="ui-input__field"
        type="search"
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        onInput={(event) => setFilled(event.currentTarget.value !== "")}
      />
      {filled && (
        <button type="button" className="ui-input__clear" aria-label="清除" onClick={clear}>
          <CloseCircleFilledIcon />
        </button>
      )}
    </span>
  );
}
