import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config.ts";
import { UPLOAD_KINDS } from "./ownership.ts";
import { fileStoreFor, isValidKey, LocalFileStore, type FileStore, type StoredFile } from "./storage.ts";

/** Uploaded pictures never change (a new picture gets a new random name): browsers and CDNs keep them. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=2592000, immutable";

/** "a/b_MID.jpg" → "a/b.jpg": the reference's clients ask for sized names; uploads are stored in one size. */
const SIZED = /^(.+)_(?:big|mid|small)(\.[a-z0-9]+)$/i;

/** The file under `key`, else its unsized name's; in `store`, else in `fallback` (files seeded on the local disk). */
async function findPicture(stores: FileStore[], key: string): Promise<StoredFile | null> {
  const sized = SIZED.exec(key);
  const keys = sized ? [key, `${sized[1]}${sized[2]}`] : [key];
  for (const store of stores) {
    for (const candidate of keys) {
      const file = await store.get(candidate);
      if (file) return file;
    }
  }
  return null;
}

const notFound = (reply: FastifyReply) => reply.status(404).type("text/plain; charset=utf-8").send("Not Found");

/**
 * GET /upload/<kind>/… for the upload kinds, from the configured store (the local disk or S3), so
 * every instance serves every instance's uploads under the same URL. With S3, pictures not in the
 * bucket are looked up on the local disk too (a seed may have put some there). Other /upload/ paths
 * stay with files.ts's static files (these routes are more specific than its /upload/*).
 */
export function registerUploadServing(app: FastifyInstance, config: AppConfig): void {
  const store = fileStoreFor(config);
  const stores = store.kind === "local" ? [store] : [store, new LocalFileStore(config.dataDir)];
  app.addHook("onClose", async () => store.close?.());

  const serve = (kind: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = `upload/${kind}/${(request.params as Record<string, string>)["*"] ?? ""}`;
    if (!isValidKey(key)) return notFound(reply);
    const file = await findPicture(stores, key);
    if (!file) return notFound(reply);
    reply.header("cache-control", UPLOAD_CACHE_CONTROL).header("etag", file.etag).header("x-content-type-options", "nosniff");
    if (file.lastModified) reply.header("last-modified", file.lastModified.toUTCString());
    if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(file.etag)) {
      file.body.destroy();
      return reply.status(304).send();
    }
    return reply.type(file.contentType).header("content-length", file.size).send(file.body);
  };
  for (const kind of UPLOAD_KINDS) app.get(`/upload/${kind}/*`, serve(kind));
}
