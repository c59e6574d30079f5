import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { BizError } from "../../core/errors.ts";
import { Code } from "@shop/contract/codes";
import type { AppConfig } from "../../config.ts";

/**
 * Secrets kept in the `config` table (payment keys, SMS keys) are encrypted at rest with
 * AES-256-GCM under CONFIG_ENCRYPTION_KEY (any string of at least 32 characters; the AES key is
 * its SHA-256). Without it a production shop refuses to save secrets; development and tests use a
 * key generated once per data directory (`<DATA_DIR>/config-encryption-key`).
 * Stored form: "enc:v1:" + base64(iv ‖ tag ‖ ciphertext). Secrets are never answered to a browser:
 * the console sees maskSecret's hint.
 */

const PREFIX = "enc:v1:";
const KEY_FILE = "config-encryption-key";
export const MIN_KEY_LENGTH = 32;

export class SecretBox {
  private constructor(private readonly key: Buffer | null) {}

  /** The box of this process: the environment's key, else (outside production) the data directory's. */
  static fromEnvironment(env: NodeJS.ProcessEnv, config: Pick<AppConfig, "production" | "dataDir">): SecretBox {
    const configured = env.CONFIG_ENCRYPTION_KEY?.trim();
    if (configured) {
      if (configured.length < MIN_KEY_LENGTH) throw new Error(`CONFIG_ENCRYPTION_KEY 至少 ${MIN_KEY_LENGTH} 个字符`);
      return new SecretBox(sha256(configured));
    }
    if (config.production) return new SecretBox(null);
    return new SecretBox(sha256(dataDirKey(config.dataDir)));
  }

  /** For tests: a box with this key (null: none, as production without CONFIG_ENCRYPTION_KEY). */
  static withKey(key: string | null): SecretBox {
    return new SecretBox(key === null ? null : sha256(key));
  }

  get canEncrypt(): boolean {
    return this.key !== null;
  }

  encrypt(plain: string): string {
    if (!this.key) throw new BizError("未配置 CONFIG_ENCRYPTION_KEY，无法保存密钥（见 docs/deploy.md）", Code.ERROR);
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
  }

  /** The plain secret; "" for none; null when it cannot be read (no key, another key, altered). */
  decrypt(stored: string | undefined): string | null {
    if (!stored) return "";
    if (!stored.startsWith(PREFIX) || !this.key) return null;
    const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();

/** One random key per data directory, written once (several processes of it share the file). */
function dataDirKey(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = crypto.randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, key, { mode: 0o600, flag: "wx" });
      return key;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** What the console shows of a stored secret: "" when none, else that one is set and its last 4 characters. */
export function maskSecret(box: SecretBox, stored: string | undefined): { masked: string } {
  if (!stored) return { masked: "" };
  const plain = box.decrypt(stored);
  if (plain === null) return { masked: "已设置（无法解密：请检查 CONFIG_ENCRYPTION_KEY）" };
  const tail = plain.replace(/-----[^-]+-----|\s/g, "").slice(-4);
  return { masked: `已设置（…${tail}）` };
}

/** The stored form after a save: a new secret encrypted, "" keeping the stored one. */
export function nextSecret(box: SecretBox, input: string, stored: string | undefined): string {
  return input ? box.encrypt(input) : (stored ?? "");
}

const boxes = new WeakMap<object, SecretBox>();

/** The app's box (one per AppConfig: the environment is read once). */
export function secretBoxOf(config: Pick<AppConfig, "production" | "dataDir">): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = SecretBox.fromEnvironment(process.env, config);
    boxes.set(config, box);
  }
  return box;
}
