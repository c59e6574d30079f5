import { useState } from "react";
import { ApiError } from "@shop/contract/client";
import { isTokenCode } from "@shop/contract/codes";
import type { BodyOf, EvaluateResult } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { useApiErrorHandler } from "../../lib/api-errors.ts";

type EvaluateCall = "/api/goodsevaluate/add" | "/api/goodsevaluate/again";

/**
 * Sends an evaluation or a follow-up once (the button is busy meanwhile). The server's refusal is
 * kept on the form (the shopper fixes the line it names) and shown as a toast; an expired session
 * goes to login, as every member call does.
 */
export function useEvaluateSubmit<P extends EvaluateCall>(path: P, onDone: (result: EvaluateResult) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const handle = useApiErrorHandler();

  async function submit(prepared: { body: BodyOf<P> } | { error: string }) {
    if ("error" in prepared) return setError(prepared.error);
    setBusy(true);
    setError("");
    try {
      onDone(await browserApi.call(path, prepared.body));
    } catch (caught) {
      if (!(caught instanceof ApiError && isTokenCode(caught.code))) setError(caught instanceof Error && caught.message ? caught.message : "提交失败，请稍后再试");
      handle(caught, { forceLogin: true });
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, error };
}
