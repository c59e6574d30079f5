import { describe, expect, it } from "vitest";
import { afterLoginPath, consolePathOf, loginPath } from "./staff-session.ts";

describe("going to login and back", () => {
  it("remembers the page a signed-out browser asked for", () => {
    expect(consolePathOf("http://shop.test/console/chat?member=7")).toBe("/chat?member=7");
    expect(consolePathOf("http://shop.test/console/")).toBe("/");
    expect(loginPath("/chat?member=7")).toBe("/login?redirect=%2Fchat%3Fmember%3D7");
    expect(loginPath("/chat")).toBe("/login?redirect=%2Fchat");
    expect(loginPath("/")).toBe("/login");
  });

  it("returns only to console paths, never to another site", () => {
    expect(afterLoginPath("/chat?member=7")).toBe("/chat?member=7");
    for (const bad of [null, "", "//evil.example/x", "/\\evil.example", "https://evil.example", "javascript:alert(1)"]) {
      expect(afterLoginPath(bad)).toBe("/");
    }
  });
});
