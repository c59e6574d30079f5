/**
 * Services every module reaches through AppDeps (context.ts), as interfaces: modules implement
 * them (modules/auth/sms.ts, modules/jobs/runner.ts) and app.ts builds them, so core names no
 * module.
 */

export interface SmsMessage {
  mobile: string;
  purpose: string;
  code: string;
  content: string;
}

/** Sends verification codes. A real gateway (Aliyun, Tencent Cloud…) implements this interface. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Runs one durable job; a throw schedules a retry (modules/jobs/queue.ts). */
export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

/** The durable job runner of this instance (modules/jobs/runner.ts JobRunner). */
export interface JobRunner {
  /** this runner's id: the lease holder written on the jobs it claims */
  readonly id: string;
  /** The handler of a job kind; modules register theirs at start. */
  register(kind: string, handler: JobHandler): void;
  /** One sweep: claims and runs every due job; resolves with how many ran. */
  runDue(at?: number): Promise<number>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}
