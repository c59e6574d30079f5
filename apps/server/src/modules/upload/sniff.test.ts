import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./sniff.ts";
import { testJpeg, testPicture } from "./test-helpers.ts";

describe("sniffImageFormat: the format from the first bytes", () => {
  it("tells JPEG, PNG, WebP and GIF", async () => {
    expect(sniffImageFormat(await testJpeg())).toBe("jpeg");
    expect(sniffImageFormat(await testPicture("png"))).toBe("png");
    expect(sniffImageFormat(await testPicture("webp"))).toBe("webp");
    expect(sniffImageFormat(await testPicture("gif"))).toBe("gif");
  });

  it.each([
    ["an empty file", ""],
    ["SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["HTML", "<!doctype html><p>hi"],
    ["a PDF", "%PDF-1.7"],
    ["a RIFF that is not WebP (WAV)", "RIFF\u0024\u0000\u0000\u0000WAVEfmt "],
    ["half a JPEG signature", "\u00ff\u00d8"],
    ["GIF without version", "GIF8"],
  ])("refuses %s", (_name, text) => {
    expect(sniffImageFormat(Buffer.from(text, "latin1"))).toBeNull();
  });
});
