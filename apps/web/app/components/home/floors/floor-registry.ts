import type { ComponentType } from "react";
import type { Floor } from "@shop/contract";
import { FloorStyle1 } from "./FloorStyle1.tsx";
import { FloorStyle2 } from "./FloorStyle2.tsx";
import { FloorStyle3 } from "./FloorStyle3.tsx";
import { FloorStyle4 } from "./FloorStyle4.tsx";

export type FloorComponent = ComponentType<{ floor: Floor }>;

/** Floor components by block_name (reference: floor-style-1 … floor-style-4). */
const FLOOR_STYLES = new Map<string, FloorComponent>([
  ["floor-style-1", FloorStyle1],
  ["floor-style-2", FloorStyle2],
  ["floor-style-3", FloorStyle3],
  ["floor-style-4", FloorStyle4],
]);

/** The component for a floor's block_name; undefined for an unknown style (the floor is skipped). */
export function floorComponent(blockName: string): FloorComponent | undefined {
  return FLOOR_STYLES.get(blockName);
}
