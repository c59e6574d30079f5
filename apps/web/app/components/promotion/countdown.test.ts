import { describe, expect, it } from "vitest";
import { clockParts, clockSkew, countdownAt, formatCountdown, serverNow, windowStateAt } from "./countdown.ts";

describe("the promotions' countdown", () => {
  it("corrects the browser's clock by the server's", () => {
    // The browser is 90 s behind the server.
    const skew = clockSkew(1_000_090, 1_000_000_000);
    expect(skew).toBe(90);
    expect(serverNow(1_000_000_000, skew)).toBe(1_000_090);
    expect(serverNow(1_000_005_400, skew)).toBe(1_000_095);
    // ahead by 30.5 s
    expect(serverNow(1_000_000_000, clockSkew(999_969.5, 1_000_000_000))).toBe(999_969);
  });

  it("tells a window's state by the clock: [start, end) is on", () => {
    const window = { start_at: 1000, end_at: 2000 };
    expect(windowStateAt(window, 999)).toBe("upcoming");
    expect(windowStateAt(window, 1000)).toBe("running");
    expect(windowStateAt(window, 1999)).toBe("running");
    expect(windowStateAt(window, 2000)).toBe("ended");
  });

  it("counts down to the end while on, to the start before, nothing after", () => {
    const window = { start_at: 1000, end_at: 2000 };
    expect(countdownAt(window, 400)).toEqual({ label: "距开始", seconds: 600 });
    expect(countdownAt(window, 1000)).toEqual({ label: "距结束", seconds: 1000 });
    expect(countdownAt(window, 1999)).toEqual({ label: "距结束", seconds: 1 });
    expect(countdownAt(window, 2000)).toBeNull();
  });

  it("shows hours, minutes and seconds in two digits (hours past 24 for the seckill's boxes)", () => {
    expect(clockParts(0)).toEqual(["00", "00", "00"]);
    expect(clockParts(3661)).toEqual(["01", "01", "01"]);
    expect(clockParts(26 * 3600 + 59)).toEqual(["26", "00", "59"]);
    expect(clockParts(-5)).toEqual(["00", "00", "00"]);
  });

  it("as text, shows days only when there are some, and stops at zero", () => {
    expect(formatCountdown(3 * 86_400 + 5 * 3600 + 12 * 60 + 33)).toBe("3天 05:12:33");
    expect(formatCountdown(59)).toBe("00:00:59");
    expect(formatCountdown(3600)).toBe("01:00:00");
    expect(formatCountdown(-5)).toBe("00:00:00");
    expect(formatCountdown(0.9)).toBe("00:00:00");
  });
});
