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
  /** how many were answered before the first refusal (all, if none) */
  answeredBeforeRefusal: number;
}

let captchaAddress = 0;

export async function guessPasswords(origin: string, clientAddress: string, attempts: number): Promise<LoginLimitResult> {
  const result: LoginLimitResult = { attempts, answered: 0, refused: 0, other: [], answeredBeforeRefusal: 0 };
  const run = crypto.randomBytes(3).toString("hex");
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    // The captcha from another address: its own per-address limit is not what is measured here.
    captchaAddress += 1;
    const captcha = await call(`${origin}/api/captcha/captcha`, {}, { localAddress: `127.5.${captchaAddress >> 8}.${(captchaAddress & 255) || 1}` });
    if (captcha.kind !== "envelope" || captcha.code !== 0) {
      result.other.push(`captcha: ${outcomeLabel(captcha)}`);
      continue;
    }
    const captchaId = (captcha.data as { id: string }).id;
    const login = await call(
      `${origin}/api/login/login`,
      { username: `guess_${run}_${attempt}`, password: "wrong-password-1", captcha_id: captchaId, captcha_code: PROOF_CAPTCHA_CODE },
      { localAddress: clientAddress },
    );
    if (login.kind === "envelope" && login.code === TOO_MANY_REQUESTS) result.refused += 1;
    else if (login.kind === "envelope" && login.code !== 0) {
      result.answered += 1;
      if (result.refused === 0) result.answeredBeforeRefusal += 1;
    } else result.other.push(`login: ${outcomeLabel(login)}`);
  }
  return result;
}
