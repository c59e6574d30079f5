import { describe, expect, it } from "vitest";
import { chatTimeLabel } from "./chat-time.ts";

/** Unix seconds of a wall-clock time in Shanghai (UTC+8). */
const shanghai = (iso: string) => Date.parse(`${iso}+08:00`) / 1000;

describe("chatTimeLabel", () => {
  const now = shanghai("2026-11-27T10:00:00") * 1000;

  it("names today, yesterday and tomorrow with the time", () => {
    expect(chatTimeLabel(shanghai("2026-11-27T09:05:00"), now)).toBe("今天 09:05");
    expect(chatTimeLabel(shanghai("2026-11-26T23:59:00"), now)).toBe("昨天 23:59");
    expect(chatTimeLabel(shanghai("2026-11-28T00:00:00"), now)).toBe("明天 00:00");
  });

  it("gives the date and time for other days", () => {
    expect(chatTimeLabel(shanghai("2026-11-25T18:30:00"), now)).toBe("2026-11-25 18:30");
    expect(chatTimeLabel(shanghai("2026-11-29T08:00:00"), now)).toBe("2026-11-29 08:00");
    expect(chatTimeLabel(shanghai("2025-11-27T10:00:00"), now)).toBe("2025-11-27 10:00");
  });

  it("counts days in Shanghai, not UTC: 07:30 Shanghai is the previous day in UTC", () => {
    const earlyMorning = shanghai("2026-11-27T07:30:00") * 1000;
    expect(chatTimeLabel(shanghai("2026-11-27T00:10:00"), earlyMorning)).toBe("今天 00:10");
    expect(chatTimeLabel(shanghai("2026-11-26T23:50:00"), earlyMorning)).toBe("昨天 23:50");
  });

  it("crosses a month and a year boundary", () => {
    const newYear = shanghai("2027-01-01T00:30:00") * 1000;
    expect(chatTimeLabel(shanghai("2026-12-31T22:00:00"), newYear)).toBe("昨天 22:00");
    expect(chatTimeLabel(shanghai("2026-12-30T22:00:00"), newYear)).toBe("2026-12-30 22:00");
  });

  it("shows nothing for a missing time", () => {
    expect(chatTimeLabel(0, now)).toBe("");
    expect(chatTimeLabel(Number.NaN, now)).toBe("");
  });
});
