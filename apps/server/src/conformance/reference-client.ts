import type { Envelope } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { nextIp } from "../modules/auth/testing.ts";
import { expectFields, pictureProblem, type FieldSpec } from "./field-shape.ts";
import { readsOf } from "./reads.ts";

/**
 * Calls the server the way a client written for the reference does (its PC client's `http()`):
 * every call is a POST of a JSON body to the path, with `app_type: "pc"`, `app_type_name: "PC"`
 * and, when logged in, `token` in the body (the reference's clients send no cookie); the headers
 * are `content-type: application/json` and `X-Requested-With: XMLHttpRequest`. Any HTTP status but
 * 200 is a transport failure to such a client (it shows axios' English "Request failed with status
 * code …"), so every answer must be HTTP 200 with the envelope `{code, message, data, timestamp}`;
 * `code === 0` is success, and on failure the client shows `message` and looks at `error_code`.
 * The reference's clients send JSON only (its Transport part; the PC client sets the content type),
 * so no form-encoded variant is needed.
 */

export interface ReferenceAnswer {
  /** HTTP status */
  status: number;
  envelope: Envelope & { error_code?: unknown };
}

/** The answer of a call that a reference client treats as a failure: it shows `message`. */
export type Refusal = ReferenceAnswer["envelope"];

export class ReferenceClient {
  /** The client's address: its own, so the per-IP rate limits of other tests don't reach it. */
  readonly ip = nextIp();

  constructor(
    readonly t: TestApp,
    readonly token?: string,
  ) {}

  /** The same client after login (token in the body from then on). */
  withToken(token: string): ReferenceClient {
    return new ReferenceClient(this.t, token);
  }

  /** POSTs like the reference's `http()`: the common fields first, the call's own fields over them. */
  async post(path: string, body: Record<string, unknown> = {}): Promise<ReferenceAnswer> {
    const payload: Record<string, unknown> = { app_type: "pc", app_type_name: "PC", ...(this.token ? { token: this.token } : {}), ...body };
    const response = await this.t.app.inject({
      method: "POST",
      url: path,
      payload: JSON.stringify(payload),
      remoteAddress: this.ip,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    });
    let envelope: ReferenceAnswer["envelope"];
    try {
      envelope = response.json();
    } catch {
      throw new Error(`${path}: HTTP ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 120)}`);
    }
    return { status: response.statusCode, envelope };
  }

  /** Calls `path`, expects success (HTTP 200, code 0) and answers `data`. */
  async data<T = unknown>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    const answer = await this.post(path, body);
    expectEnvelope(path, answer);
    const { code, message, data } = answer.envelope;
    if (code !== 0) throw new Error(`${path}: expected code 0, got ${code} ${message}`);
    if (!("data" in answer.envelope)) throw new Error(`${path}: a success envelope without data`);
    return data as T;
  }

  /**
   * Calls `path` and checks every field a reference client reads from its `data` (conformance/reads*.ts),
   * naming the endpoint and the field path of each mismatch. Answers `data` for further checks.
   */
  async reads<T = unknown>(path: string, body: Record<string, unknown> = {}, spec: FieldSpec = readsOf(path)): Promise<T> {
    const data = await this.data<T>(path, body);
    expectFields(path, data, spec);
    return data;
  }

  /**
   * Calls `path` and expects a failure a reference client can show: HTTP 200, code ≠ 0 (or `code`
   * when given), a Chinese `message`.
   */
  async refused(path: string, body: Record<string, unknown> = {}, code?: number): Promise<Refusal> {
    const answer = await this.post(path, body);
    expectEnvelope(path, answer);
    const { envelope } = answer;
    if (envelope.code === 0) throw new Error(`${path}: expected a refusal, got code 0`);
    if (code !== undefined && envelope.code !== code) throw new Error(`${path}: expected code ${code}, got ${envelope.code} ${envelope.message}`);
    if (!/[\u4e00-\u9fa5]/.test(envelope.message)) throw new Error(`${path}: the message a client shows is not Chinese: ${envelope.message}`);
    return envelope;
  }

  /**
   * GETs a picture the way a reference client builds its URL: `imgDomain + "/" + path` (imgDomain
   * being the shop's origin), optionally with a thumbnail suffix (`_BIG`, `_MID`, `_SMALL`) before
   * the extension. Answers the HTTP status and content type.
   */
  async picture(path: string, size?: "BIG" | "MID" | "SMALL"): Promise<{ status: number; type: string }> {
    const problem = pictureProblem(path);
    if (problem) throw new Error(`picture ${path}: ${problem}`);
    const sized = size ? path.replace(/(\.[a-z0-9]+)$/i, `_${size}$1`) : path;
    const response = await this.t.app.inject({ method: "GET", url: `/${sized}`, remoteAddress: this.ip });
    return { status: response.statusCode, type: String(response.headers["content-type"] ?? "") };
  }
}

/** What every answer must be for a reference client to read it at all. */
export function expectEnvelope(path: string, { status, envelope }: ReferenceAnswer): void {
  const problems: string[] = [];
  if (status !== 200) problems.push(`HTTP ${status} (a reference client treats any status but 200 as a transport failure)`);
  if (!Number.isInteger(envelope.code)) problems.push(`code is ${JSON.stringify(envelope.code)}`);
  if (typeof envelope.message !== "string") problems.push(`message is ${JSON.stringify(envelope.message)}`);
  if (!Number.isInteger(envelope.timestamp)) problems.push(`timestamp is ${JSON.stringify(envelope.timestamp)}`);
  if (problems.length > 0) throw new Error(`${path}: not an envelope a reference client reads: ${problems.join("; ")}`);
}
