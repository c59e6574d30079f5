import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { AppConfig } from "../../config.ts";
import { S3FileStore } from "./s3-store.ts";

/** A stored file as it is read back for serving. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
  /** a strong or weak validator, quoted, for If-None-Match */
  etag: string;
  lastModified?: Date;
}

/**
 * Where uploaded files live. Keys are the pictures' paths as answered to clients ("upload/
 * evaluate/20250101/….jpg"): the same key names the file in every store, so switching stores is
 * a copy of the files. Files are written once under a random name and never changed.
 */
export interface FileStore {
  readonly kind: "local" | "s3";
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets) when the app closes. */
  close?(): void;
}

/** A key a store accepts: "upload/…", relative, no empty, dot-led or traversing segment. */
export function isValidKey(key: string): boolean {
  if (!key.startsWith("upload/") || key.length > 512 || /[\\\0]/.test(key)) return false;
  return key.split("/").every((segment) => segment !== "" && !segment.startsWith("."));
}

function checkKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp", ".gif": "image/gif",
};

export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";

/** Files under DATA_DIR: the key "upload/a/b.jpg" is DATA_DIR/upload/a/b.jpg (what files.ts serves). */
export class LocalFileStore implements FileStore {
  readonly kind = "local";
  constructor(private readonly dataDir: string) {}

  private file(key: string): string {
    checkKey(key);
    return path.join(this.dataDir, key);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed: a reader never sees half a file, a crash leaves no partial picture under the name.
    const temporary = `${path.dirname(file)}/.${path.basename(file)}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, data, { flag: "wx" });
    await fs.promises.rename(temporary, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, "r");
    } catch {
      return null;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return {
      body: handle.createReadStream(),
      contentType: contentTypeOf(key),
      size: stat.size,
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime,
    };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}

const stores = new WeakMap<AppConfig, FileStore>();

/** The app's store: S3 when S3_BUCKET is set, else the local disk. One per config (one S3 client per app). */
export function fileStoreFor(config: AppConfig): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}
