import { describe, expect, it } from "vitest";
import type { SeckillSlot } from "@shop/contract";
import { clockParts, clockSkew, countdownAt, pickSlotId, serverNow, slotStateAt } from "./seckill-clock.ts";

const slot = (id: number, state: SeckillSlot["state"], start_at = 1000, end_at = 2000): SeckillSlot => ({
  id, name: `${id}`, seckill_start_time: 0, seckill_end_time: 0, start_time_text: "", end_time_text: "", state, state_name: "", start_at, end_at,
});

describe("the seckill clock", () => {
  it("corrects the browser's clock by the server's", () => {
    // The browser is 90 s behind the server.
    const skew = clockSkew(1_000_090, 1_000_000_000);
    expect(skew).toBe(90);
    expect(serverNow(1_000_000_000, skew)).toBe(1_000_090);
    expect(serverNow(1_000_005_400, skew)).toBe(1_000_095);
    // ahead by 30.5 s
    expect(serverNow(1_000_000_000, clockSkew(999_969.5, 1_000_000_000))).toBe(999_969);
  });

  it("tells a slot's state by the clock: [start, end) is on", () => {
    const window = { start_at: 1000, end_at: 2000 };
    expect(slotStateAt(window, 999)).toBe("upcoming");
    expect(slotStateAt(window, 1000)).toBe("running");
    expect(slotStateAt(window, 1999)).toBe("running");
    expect(slotStateAt(window, 2000)).toBe("ended");
  });

  it("counts down to the end while on, to the start before, nothing after", () => {
    const window = { start_at: 1000, end_at: 2000 };
    expect(countdownAt(window, 400)).toEqual({ label: "距开始", seconds: 600 });
    expect(countdownAt(window, 1000)).toEqual({ label: "距结束", seconds: 1000 });
    expect(countdownAt(window, 1999)).toEqual({ label: "距结束", seconds: 1 });
    expect(countdownAt(window, 2000)).toBeNull();
  });

  it("shows hours, minutes and seconds in two digits", () => {
    expect(clockParts(0)).toEqual(["00", "00", "00"]);
    expect(clockParts(3661)).toEqual(["01", "01", "01"]);
    expect(clockParts(26 * 3600 + 59)).toEqual(["26", "00", "59"]);
    expect(clockParts(-5)).toEqual(["00", "00", "00"]);
  });

  it("picks the slot asked for, else the one on now, else the next, else the last", () => {
    const slots = [slot(1, "ended"), slot(2, "running"), slot(3, "upcoming"), slot(4, "upcoming")];
    expect(pickSlotId(slots, 2, 4)).toBe(4);
    expect(pickSlotId(slots, 2, 99)).toBe(2);
    expect(pickSlotId(slots, 2, null)).toBe(2);
    expect(pickSlotId([slot(1, "ended"), slot(3, "upcoming")], 0, null)).toBe(3);
    expect(pickSlotId([slot(1, "ended"), slot(5, "ended")], 0, null)).toBe(5);
    expect(pickSlotId([], 0, null)).toBe(0);
  });
});
