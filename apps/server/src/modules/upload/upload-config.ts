/**
 * Settings of member uploads, read from the environment by config.ts (loadConfig): the limits of
 * one picture and, when S3_BUCKET is set, the S3-compatible bucket the files go to.
 */

export interface UploadLimits {
  /** UPLOAD_MAX_BYTES: largest file accepted, in bytes (default 5 MB). */
  maxBytes: number;
  /** UPLOAD_MAX_PIXELS: largest width × height accepted (default 25 million): stops decompression bombs. */
  maxPixels: number;
  /** UPLOAD_MAX_EDGE: the stored picture's long edge at most this many pixels (default 2000). */
  maxEdge: number;
  /** UPLOAD_RATE_PER_MINUTE: uploads one member may make per minute (default 30). */
  perMemberPerMinute: number;
}

export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, Ceph, R2, OSS/COS in S3 mode …); unset → AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither: unset → the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** S3_FORCE_PATH_STYLE=1: http://host/bucket/key instead of http://bucket.host/key (most self-hosted servers). */
  forcePathStyle: boolean;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 25_000_000,
  maxEdge: 2000,
  perMemberPerMinute: 30,
};

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw new Error(`${name} 无效：${value}（1–${max} 的整数）`);
  return number;
}

export function parseUploadLimits(env: NodeJS.ProcessEnv): UploadLimits {
  return {
    maxBytes: positiveInteger(env, "UPLOAD_MAX_BYTES", DEFAULT_UPLOAD_LIMITS.maxBytes, 100 * 1024 * 1024),
    maxPixels: positiveInteger(env, "UPLOAD_MAX_PIXELS", DEFAULT_UPLOAD_LIMITS.maxPixels, 268_402_689),
    maxEdge: positiveInteger(env, "UPLOAD_MAX_EDGE", DEFAULT_UPLOAD_LIMITS.maxEdge, 16_000),
    perMemberPerMinute: positiveInteger(env, "UPLOAD_RATE_PER_MINUTE", DEFAULT_UPLOAD_LIMITS.perMemberPerMinute, 100_000),
  };
}

/** S3_BUCKET set → the S3 store (the other S3_* variables refine it); unset → undefined, the local disk. */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error("S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 需同时设置（或都不设置，使用默认凭证链）");
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/i.test(endpoint)) throw new Error(`S3_ENDPOINT 无效：${endpoint}（例如 http://127.0.0.1:9000）`);
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: ["1", "true", "on", "yes"].includes((env.S3_FORCE_PATH_STYLE ?? "").toLowerCase()),
  };
}
