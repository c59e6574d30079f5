import { useState } from "react";

/**
 * The submit of a form in a drawer or dialog that closes only when the server took it:
 * `const { saving, submit } = useFormSubmit(onSubmit, onClose)` — `saving` while the call runs (the
 * OK button's spinner), `submit(values)` for the form's onFinish.
 */
export function useFormSubmit<Values>(onSubmit: (values: Values) => Promise<boolean>, onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      if (await onSubmit(values)) onClose();
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
