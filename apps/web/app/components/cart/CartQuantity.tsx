import { useEffect, useState } from "react";
import { cartQuantityProblem, cartQuantityRange, type CartLine } from "@shop/contract";

interface CartQuantityProps {
  line: CartLine;
  /** asks the server; true when the quantity was taken */
  onChange: (num: number) => Promise<boolean>;
}

/**
 * The quantity stepper of a cart line: −, a typed value (taken on blur or Enter) and +. A quantity
 * beyond the stock or max_buy, or below min_buy, is not sent: the reason is shown under the stepper
 * and the value is brought back within the limits.
 */
export function CartQuantity({ line, onChange }: CartQuantityProps) {
  const [text, setText] = useState(String(line.num));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setText(String(line.num)), [line.num]);

  const commit = async (wanted: number) => {
    if (busy) return;
    const range = cartQuantityRange(line);
    const problem = cartQuantityProblem(line, wanted);
    setRefusal(problem);
    const target = problem ? Math.max(range.min, Math.min(wanted, range.max)) : wanted;
    if (target === line.num || target > range.max) return setText(String(line.num));
    setBusy(true);
    const taken = await onChange(target);
    setBusy(false);
    if (!taken) setText(String(line.num));
  };
  const commitText = () => {
    const typed = Number(text.trim());
    if (!Number.isInteger(typed)) return setText(String(line.num));
    void commit(typed);
  };
  // A line whose quantity no longer fits (the stock fell) says so until it is changed.
  const warning = refusal ?? cartQuantityProblem(line, line.num);
  const limitNote = [line.max_buy > 0 ? `限购 ${line.max_buy} 件` : "", line.min_buy > 1 ? `${line.min_buy} 件起购` : ""].filter(Boolean).join("，");

  return (
    <div className="cart-quantity">
      <div className="cart-quantity__stepper">
        <button type="button" aria-label="减少数量" disabled={busy} onClick={() => void commit(line.num - 1)}>
          −
        </button>
        <input
          aria-label="购买数量"
          inputMode="numeric"
          value={text}
          disabled={busy}
          onChange={(event) => setText(event.target.value.replace(/\D/g, "").slice(0, 5))}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === "Enter") commitText();
          }}
        />
        <button type="button" aria-label="增加数量" disabled={busy} onClick={() => void commit(line.num + 1)}>
          +
        </button>
      </div>
      {warning ? (
        <p className="cart-quantity__refusal" role="alert">
          {warning}
        </p>
      ) : (
        limitNote && <p className="cart-quantity__note">{limitNote}</p>
      )}
    </div>
  );
}
