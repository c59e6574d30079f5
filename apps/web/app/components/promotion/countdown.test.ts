import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown.ts";

describe("formatCountdown", () => {
  it("shows days only when there are some", () => {
    expect(formatCountdown(3 * 86_400 + 5 * 3600 + 12 * 60 + 33)).toBe("3天 05:12:33");
    expect(formatCountdown(59)).toBe("00:00:59");
    expect(formatCountdown(3600)).toBe("01:00:00");
  });

  it("stops at zero", () => {
    expect(formatCountdown(-5)).toBe("00:00:00");
    expect(formatCountdown(0.9)).toBe("00:00:00");
  });
});
