import { describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE, messageFor } from "./ErrorPage.tsx";

describe("error page message", () => {
  it("keeps the spec's 404 line and the server's Chinese messages", () => {
    expect(messageFor(404, "anything")).toBe(NOT_FOUND_MESSAGE);
    expect(messageFor(500, "系统繁忙，请稍后再试（请求编号 x）")).toBe("系统繁忙，请稍后再试（请求编号 x）");
  });
  it("replaces React Router's English texts and empty messages with Chinese", () => {
    for (const message of ["Unexpected Server Error", "Internal Server Error", "", undefined]) {
      expect(messageFor(500, message)).toBe("服务器开小差了，请稍后再试");
    }
  });
});
