import { useCallback, useState } from "react";
import { useApiErrorHandler } from "../../lib/api-errors.ts";
import { useFinishLogin } from "./useFinishLogin.ts";

/**
 * The submit of every form that signs the shopper in (login or register): runs `signIn`, then
 * leaves for the redirect target; on failure shows the server's message in one toast and runs
 * `onFailure` (e.g. a new captcha, since each captcha answers one check).
 */
export function useSignInSubmit() {
  const handleError = useApiErrorHandler();
  const finishLogin = useFinishLogin();
  const [submitting, setSubmitting] = useState(false);
  const submit = useCallback(
    async (signIn: () => Promise<unknown>, onFailure?: () => void) => {
      setSubmitting(true);
      try {
        await signIn();
        await finishLogin();
      } catch (error) {
        handleError(error);
        onFailure?.();
      } finally {
        setSubmitting(false);
      }
    },
    [finishLogin, handleError],
  );
  return { submitting, submit };
}
