import { useCallback, useMemo, useRef, useState } from "react";
import type { FormInstance } from "antd";
import { ApiError } from "@shop/contract/client";
import { browserApi } from "../../lib/api.ts";
import { retryAfterSeconds } from "../../lib/api-errors.ts";
import { useCountdown } from "./useCountdown.ts";

export interface CaptchaController {
  /** captcha_id to send with the code */
  id: string;
  /** data: URI of the image ("" before the first load, while loading or after a failure) */
  img: string;
  loading: boolean;
  /** why the last load failed (the server's message, e.g. 操作过于频繁，请稍后再试); "" otherwise */
  error: string;
  /** seconds before a new picture may be asked for, after the server said to wait; 0 otherwise */
  retryIn: number;
  /** Loads a new image and clears the typed code (captchas are single use). */
  refresh(): void;
  /** Spread on the <Form>: the shopper's first focus or touch in it loads the first picture. */
  formTriggers: { onFocus(): void; onPointerDown(): void };
}

/** What a failed load tells the shopper, and how long the server asked to wait (rate limit -10029: data.retry_after). */
function loadFailure(error: unknown): { message: string; retryAfter: number } {
  if (!(error instanceof ApiError)) return { message: "验证码加载失败，请点击刷新", retryAfter: 0 };
  return { message: error.message, retryAfter: retryAfterSeconds(error) };
}

/**
 * An image captcha bound to a form's `captcha_code` field. Not loaded with the page — every
 * picture counts against the per-address captcha budget, and most visits never submit — but on
 * the first focus or touch inside the form (`formTriggers`), or a click on the placeholder;
 * renewed on click and after every attempt that used it. A refusal (e.g. too many pictures a
 * minute) is shown with its reason and a countdown until another may be asked for.
 */
export function useCaptcha(form: FormInstance): CaptchaController {
  const [captcha, setCaptcha] = useState({ id: "", img: "" });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const { secondsLeft, start } = useCountdown(0);
  const idRef = useRef("");
  const started = useRef(false);

  const refresh = useCallback(() => {
    started.current = true;
    setLoading(true);
    setError("");
    form.setFieldValue("captcha_code", "");
    browserApi
      .call("/api/captcha/captcha", idRef.current ? { captcha_id: idRef.current } : {})
      .then((next) => {
        idRef.current = next.id;
        setCaptcha({ id: next.id, img: next.img });
      })
      .catch((caught: unknown) => {
        const failure = loadFailure(caught);
        setCaptcha({ id: "", img: "" });
        setError(failure.message);
        if (failure.retryAfter > 0) start(failure.retryAfter);
      })
      .finally(() => setLoading(false));
  }, [form, start]);

  const formTriggers = useMemo(() => {
    const activate = () => {
      if (!started.current) refresh();
    };
    return { onFocus: activate, onPointerDown: activate };
  }, [refresh]);

  return { ...captcha, loading, error, retryIn: secondsLeft, refresh, formTriggers };
}
