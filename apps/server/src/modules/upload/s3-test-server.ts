import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "./upload-config.ts";

/**
 * A real S3-compatible server for tests: s3rver (an npm devDependency, so `npm install` brings it on
 * any machine) listening on a free loopback port, files in a temporary folder, one bucket. It speaks
 * the S3 REST API over HTTP (XML errors, ETags, content types; it knows its access key but does
 * not verify V4 signatures), so the store is proven through the same SDK calls it makes against
 * AWS, MinIO or any other S3 service.
 */
export interface S3TestServer {
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startS3TestServer(bucket = "shop-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's built-in account (an unknown access key id is refused)
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
