import { describe, expect, it } from "vitest";
import { DEFAULT_UPLOAD_LIMITS, parseS3Settings, parseUploadLimits } from "./upload-config.ts";

describe("upload settings from the environment", () => {
  it("defaults to 5 MB, 25 MP, a 2000 px long edge, 30 uploads a minute; takes integers", () => {
    expect(parseUploadLimits({})).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(DEFAULT_UPLOAD_LIMITS).toEqual({ maxBytes: 5 * 1024 * 1024, maxPixels: 25_000_000, maxEdge: 2000, perMemberPerMinute: 30 });
    expect(parseUploadLimits({ UPLOAD_MAX_BYTES: "1048576", UPLOAD_MAX_EDGE: "1200" })).toMatchObject({ maxBytes: 1048576, maxEdge: 1200 });
    for (const bad of ["0", "-1", "1.5", "5MB"]) expect(() => parseUploadLimits({ UPLOAD_MAX_BYTES: bad }), bad).toThrow(/UPLOAD_MAX_BYTES 无效/);
  });

  it("uses the local disk unless S3_BUCKET is set; reads the rest of S3_*", () => {
    expect(parseS3Settings({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toBeUndefined();
    expect(parseS3Settings({ S3_BUCKET: "shop" })).toEqual({
      bucket: "shop", endpoint: undefined, region: "us-east-1", accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false,
    });
    expect(parseS3Settings({
      S3_BUCKET: "shop", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "cn-east-1", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "1",
    })).toEqual({ bucket: "shop", endpoint: "http://127.0.0.1:9000", region: "cn-east-1", accessKeyId: "id", secretAccessKey: "secret", forcePathStyle: true });
  });

  it("refuses half a key pair and an endpoint that is no URL", () => {
    expect(() => parseS3Settings({ S3_BUCKET: "shop", S3_ACCESS_KEY_ID: "id" })).toThrow(/同时设置/);
    expect(() => parseS3Settings({ S3_BUCKET: "shop", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT 无效/);
  });
});
