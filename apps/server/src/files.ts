import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "./config.ts";
import { registerUploadAliases } from "./upload-aliases.ts";
import { registerUploadServing } from "./modules/upload/serve.ts";

/**
 * Serves generated and seeded images from DATA_DIR/upload under /upload/, and members' uploads
 * (/upload/evaluate/…, /upload/refund/…, /upload/complain/…) from the configured store.
 */
export async function registerFiles(app: FastifyInstance, config: AppConfig): Promise<void> {
  const uploadDir = path.join(config.dataDir, "upload");
  fs.mkdirSync(uploadDir, { recursive: true });
  registerUploadServing(app, config);
  registerUploadAliases(app, uploadDir);
  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: "/upload/",
    decorateReply: false,
    maxAge: "7d",
    immutable: true,
    // Dotfiles (.env, .git, editor and OS leftovers) are never pictures: 404, as if absent.
    dotfiles: "ignore",
  });
}
