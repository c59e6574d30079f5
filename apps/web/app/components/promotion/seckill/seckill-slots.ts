import type { SeckillSlot } from "@shop/contract";

/**
 * The slot a page shows: the one asked for (?time_id=) when it exists, else the one on now, else the
 * next to start, else the last of the day; 0 without slots.
 */
export function pickSlotId(slots: readonly SeckillSlot[], currentId: number, wanted: number | null): number {
  if (wanted !== null && slots.some((slot) => slot.id === wanted)) return wanted;
  if (currentId && slots.some((slot) => slot.id === currentId)) return currentId;
  return (slots.find((slot) => slot.state === "upcoming") ?? slots[slots.length - 1])?.id ?? 0;
}
