import type { Floor } from "@shop/contract";
import { floorComponent } from "./floor-registry.ts";

/** The home page floors in server order; a floor of an unknown style renders nothing. */
export function HomeFloors({ floors }: { floors: Floor[] }) {
  if (floors.length === 0) return null;
  return (
    <div className="home-floors">
      {floors.map((floor) => {
        const FloorView = floorComponent(floor.block_name);
        return FloorView ? <FloorView key={floor.id} floor={floor} /> : null;
      })}
    </div>
  );
}
