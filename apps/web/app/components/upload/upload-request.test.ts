import { describe, expect, it } from "vitest";
import { ApiError } from "@shop/contract/client";
import { NETWORK_FAILURE_MESSAGE, uploadPicture } from "./upload-request.ts";

function answering(body: unknown, seen: Array<{ url: string; init: RequestInit }> = []): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

describe("uploadPicture", () => {
  it("posts the picture as the form field file to the kind's call, with the cookie, and answers pic_path", async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const path = await uploadPicture("refund", new Blob(["x"], { type: "image/png" }), "a.png", answering({ code: 0, message: "上传成功", data: { pic_path: "upload/refund/20250101/a.jpg" } }, seen));
    expect(path).toBe("upload/refund/20250101/a.jpg");
    expect(seen[0]!.url).toBe("/api/upload/refundimg");
    expect(seen[0]!.init.credentials).toBe("same-origin");
    const form = seen[0]!.init.body as FormData;
    expect((form.get("file") as File).name).toBe("a.png");
  });

  it("rejects with the server's code and message", async () => {
    const refusal = uploadPicture("evaluate", new Blob(["x"]), "a.txt", answering({ code: -10006, message: "仅支持上传 JPG、PNG、WebP、GIF 格式的图片", data: null }));
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ code: -10006, message: "仅支持上传 JPG、PNG、WebP、GIF 格式的图片" });
  });

  it("says so when the network fails", async () => {
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    await expect(uploadPicture("complain", new Blob(["x"]), "a.jpg", failing)).rejects.toThrow(NETWORK_FAILURE_MESSAGE);
  });
});
