import { describe, expect, it } from "vitest";
import { fullTime, listTime, messageTime, pictureUrl } from "./format.ts";

/** A time in shop time (UTC+8), whatever zone the tests run in. */
const at = (text: string) => Math.floor(new Date(`${text}+08:00`).getTime() / 1000);
const now = new Date("2026-11-27T15:30:00+08:00");

describe("times of the workbench", () => {
  it("shows today's messages by the clock, yesterday's with 昨天, older ones with the date", () => {
    expect(messageTime(at("2026-11-27T00:00:00"), now)).toBe("00:00");
    expect(messageTime(at("2026-11-27T09:05:00"), now)).toBe("09:05");
    expect(messageTime(at("2026-11-26T23:59:00"), now)).toBe("昨天 23:59");
    expect(messageTime(at("2026-11-25T08:00:00"), now)).toBe("11-25 08:00");
    expect(messageTime(at("2025-12-31T08:00:00"), now)).toBe("2025-12-31 08:00");
  });

  it("counts days in shop time: just after midnight in Shanghai is still yesterday evening in UTC", () => {
    const earlyMorning = new Date("2026-11-27T00:30:00+08:00");
    expect(messageTime(at("2026-11-26T23:50:00"), earlyMorning)).toBe("昨天 23:50");
    expect(messageTime(at("2026-11-27T00:10:00"), earlyMorning)).toBe("00:10");
    expect(fullTime(at("2026-03-05T09:07:00"))).toBe("2026-03-05 09:07");
  });

  it("gives the list the clock today, else the date; nothing for no time", () => {
    expect(listTime(at("2026-11-27T09:05:00"), now)).toBe("09:05");
    expect(listTime(at("2026-11-26T09:05:00"), now)).toBe("11-26");
    expect(listTime(at("2025-11-26T09:05:00"), now)).toBe("2025-11-26");
    expect(listTime(0, now)).toBe("");
  });
});

describe("pictureUrl", () => {
  it("makes stored relative paths root-relative and keeps URLs", () => {
    expect(pictureUrl("upload/chat/a.jpg")).toBe("/upload/chat/a.jpg");
    expect(pictureUrl("/upload/a.jpg")).toBe("/upload/a.jpg");
    expect(pictureUrl("https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(pictureUrl(" ")).toBe("");
    expect(pictureUrl(undefined)).toBe("");
  });
});
