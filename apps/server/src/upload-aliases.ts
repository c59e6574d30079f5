import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fs from "node:fs";
import path from "node:path";

/** The route files.ts serves DATA_DIR/upload under. */
const UPLOAD_ROUTE = "/upload/*";

/** "a/b_MID.jpg" → base "a/b", size "mid", extension ".jpg" (a suffix in either case, as the reference's clients ask). */
const SIZED = /^(.+)_(big|mid|small)(\.[a-z0-9]+)?$/i;

/**
 * The file to serve for a sized picture that is not on disk under the asked name, or null to serve
 * the name as asked. Pictures are stored as x.jpg (the big size), x_mid.jpg and x_small.jpg; the
 * reference's clients ask for x_BIG.jpg, x_MID.jpg, x_SMALL.jpg. So: the stored size in lower case,
 * else the original, which is the big one (a picture uploaded in one size still shows).
 */
export async function sizedPictureFile(uploadDir: string, requested: string): Promise<string | null> {
  const match = SIZED.exec(requested);
  // Hidden files and folders are never served (files.ts), so never mapped either.
  if (!match || requested.split("/").some((segment) => segment.startsWith(".") || segment === "")) return null;
  const [, base, size, extension = ""] = match as unknown as [string, string, string, string | undefined];
  if (!isInside(uploadDir, requested) || (await isFile(uploadDir, requested))) return null;
  for (const candidate of [`${base}_${size.toLowerCase()}${extension}`, `${base}${extension}`]) {
    if (candidate !== requested && (await isFile(uploadDir, candidate))) return candidate;
  }
  return null;
}

const isInside = (root: string, relative: string) => {
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep);
};

async function isFile(root: string, relative: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(path.join(root, relative))).isFile();
  } catch {
    return false;
  }
}

/**
 * What the reference's clients ask of /upload/ beyond plain names: sized pictures with upper-case
 * suffixes (served by sizedPictureFile) and "//upload/…" (a path with a leading slash put after
 * `imgDomain + "/"`), sent on to "/upload/…". Call before the static files are registered: the
 * mapping is a pre-handler of their route, which serves whatever name it leaves in the wildcard.
 */
export function registerUploadAliases(app: FastifyInstance, uploadDir: string): void {
  const root = path.resolve(uploadDir);
  const mapSizedPicture: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const params = request.params as Record<string, string>;
    const file = await sizedPictureFile(root, params["*"] ?? "");
    if (file) params["*"] = file;
  };
  app.addHook("onRoute", (route) => {
    if (route.url !== UPLOAD_ROUTE) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, mapSizedPicture];
  });
  app.get("//upload/*", (request, reply) => reply.redirect(request.url.slice(1), 301));
}
