import { useCallback, useEffect, useRef, useState } from "react";
import type { FormInstance } from "antd";
import { browserApi } from "../../lib/api.ts";

export interface CaptchaController {
  /** captcha_id to send with the code */
  id: string;
  /** data: URI of the image ("" while loading or after a failure) */
  img: string;
  loading: boolean;
  /** Loads a new image and clears the typed code (captchas are single use). */
  refresh(): void;
}

/**
 * An image captcha bound to a form's `captcha_code` field. Loaded in the browser on mount (the
 * SSR page shows a placeholder), renewed on click and after every attempt that used it.
 */
export function useCaptcha(form: FormInstance): CaptchaController {
  const [captcha, setCaptcha] = useState({ id: "", img: "" });
  const [loading, setLoading] = useState(true);
  const idRef = useRef("");

  const refresh = useCallback(() => {
    setLoading(true);
    form.setFieldValue("captcha_code", "");
    browserApi
      .call("/api/captcha/captcha", idRef.current ? { captcha_id: idRef.current } : {})
      .then((next) => {
        idRef.current = next.id;
        setCaptcha({ id: next.id, img: next.img });
      })
      .catch(() => setCaptcha({ id: "", img: "" }))
      .finally(() => setLoading(false));
  }, [form]);

  useEffect(refresh, [refresh]);

  return { ...captcha, loading, refresh };
}
