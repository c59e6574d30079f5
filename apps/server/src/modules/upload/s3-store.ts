import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { FileStore, StoredFile } from "./storage.ts";
import { contentTypeOf, isValidKey } from "./storage.ts";
import type { S3Settings } from "./upload-config.ts";

/** How long one S3 request may take before the SDK gives up (and retries, up to 3 attempts in all). */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, so several instances of the shop share their uploads. The
 * object key is the picture's path ("upload/…"); the bucket stays private: files are served by
 * the shop under /upload/ (files.ts), so URLs do not change with the store.
 */
export class S3FileStore implements FileStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    // The pinned SDK supports Node 20; its start-up warning is about releases after January 2027
    // (which package.json does not take): said once in docs/adr/0011, not in every log.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the CRC32
      // headers and trailers the SDK adds by default since 2025.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  private checked(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error("S3 GetObject answered no stream");
      return {
        body: answer.Body,
        contentType: answer.ContentType || contentTypeOf(key),
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? `"${key}"`,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
