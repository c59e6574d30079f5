import crypto from "node:crypto";
import { call, outcomeLabel } from "./http-client.ts";
import { PROOF_CAPTCHA_CODE } from "./scale-out.ts";

/**
 * The per-address login limit (10 a minute), tried as a password guesser would: wrong passwords
 * from one client address (each with a fresh captcha and a different account name, so the
 * per-account limit stays out of it) until the shop refuses with -10029.
 */
export const TOO_MANY_REQUESTS = -10029;
export const LOGIN_LIMIT = 10;

export interface LoginLimitResult {
  attempts: number;
  answered: number;
  refused: number;
  /** answers that were neither (connection errors, other envelopes' labels) */
  other: string[];
  /** from the first login sent to the last answer: all within one limit window (a minute) or the count means nothing */
  tookMs: number;
}

let captchaAddress = 0;

/**
 * Captchas first (from other addresses: their own per-address limit is not what is measured), then
 * every login at once, so all of them fall in one window of the limit even on a slow machine.
 */
export async function guessPasswords(origin: string, clientAddress: string, attempts: number): Promise<LoginLimitResult> {
  const result: LoginLimitResult = { attempts, answered: 0, refused: 0, other: [], tookMs: 0 };
  const run = crypto.randomBytes(3).toString("hex");
  const captchaIds = await Promise.all(
    Array.from({ length: attempts }, async () => {
      captchaAddress += 1;
      const captcha = await call(`${origin}/api/captcha/captcha`, {}, { localAddress: `127.5.${captchaAddress >> 8}.${(captchaAddress & 255) || 1}` });
      if (captcha.kind === "envelope" && captcha.code === 0) return (captcha.data as { id: string }).id;
      result.other.push(`captcha: ${outcomeLabel(captcha)}`);
      return undefined;
    }),
  );
  const started = Date.now();
  await Promise.all(
    captchaIds.map(async (captchaId, index) => {
      if (captchaId === undefined) return;
      const login = await call(
        `${origin}/api/login/login`,
        { username: `guess_${run}_${index}`, password: "wrong-password-1", captcha_id: captchaId, captcha_code: PROOF_CAPTCHA_CODE },
        { localAddress: clientAddress },
      );
      if (login.kind === "envelope" && login.code === TOO_MANY_REQUESTS) result.refused += 1;
      else if (login.kind === "envelope" && login.code !== 0) result.answered += 1;
      else result.other.push(`login: ${outcomeLabel(login)}`);
    }),
  );
  result.tookMs = Date.now() - started;
  return result;
}
