import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "./config.ts";
import { registerUploadAliases } from "./upload-aliases.ts";

/** Serves generated and uploaded images from DATA_DIR/upload under /upload/. */
export async function registerFiles(app: FastifyInstance, config: AppConfig): Promise<void> {
  const uploadDir = path.join(config.dataDir, "upload");
  fs.mkdirSync(uploadDir, { recursive: true });
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
