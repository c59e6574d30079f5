import type { ReactNode } from "react";
import type { Floor } from "@shop/contract";

/** The frame every floor style renders into: anchor id, spacing, and the block_name as class (floor-style-N). */
export function FloorSection({ floor, children }: { floor: Floor; children: ReactNode }) {
  return (
    <section className={`home-floor ${floor.block_name}`} id={`floor-${floor.id}`}>
      {children}
    </section>
  );
}
