import { useState } from "react";
import { App, type ModalFuncProps } from "antd";

/**
 * A member's call that changes something: busy while it runs; when it answers (not `undefined`:
 * useMemberCall has already shown the refusal) a success toast, then what comes after, given the
 * answer. `confirm` asks first in a modal and runs the call on OK (the modal waits for it).
 */
export function useConfirmedCall() {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);

  /** Runs `work`; true when it answered (after the toast and `after`). */
  const run = async <T>(work: () => Promise<T | undefined>, done: string, after: (result: T) => void): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await work();
      if (result === undefined) return false;
      void message.success(done);
      after(result);
      return true;
    } finally {
      setBusy(false);
    }
  };

  const confirm = <T>(ask: Omit<ModalFuncProps, "onOk">, work: () => Promise<T | undefined>, done: string, after: (result: T) => void) =>
    modal.confirm({ ...ask, onOk: () => run(work, done, after) });

  return { busy, setBusy, run, confirm };
}
