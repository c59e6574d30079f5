import { describe, expect, it } from "vitest";
import type { SeckillSlot } from "@shop/contract";
import { pickSlotId } from "./seckill-slots.ts";

const slot = (id: number, state: SeckillSlot["state"], start_at = 1000, end_at = 2000): SeckillSlot => ({
  id, name: `${id}`, seckill_start_time: 0, seckill_end_time: 0, start_time_text: "", end_time_text: "", state, state_name: "", start_at, end_at,
});

describe("the slot a seckill page shows", () => {
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
