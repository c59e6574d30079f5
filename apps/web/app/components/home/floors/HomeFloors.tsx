import type { Floor } from "@shop/contract";
import { ServerMarkup } from "../../ui/ServerMarkup.tsx";
import { floorComponent } from "./floor-registry.ts";

/**
 * The home page floors in server order; a floor of an unknown style renders nothing. They are
 * all below the fold and most of the page's HTML, so they are server markup (ServerMarkup): the
 * HTML carries their goods links and names for search engines, and their data is not sent a
 * second time for hydration. `floors` is undefined while hydrating such a page.
 */
export function HomeFloors({ floors }: { floors: Floor[] | undefined }) {
  return (
    <ServerMarkup className="home-floors">
      {floors?.map((floor) => {
        const FloorView = floorComponent(floor.block_name);
        return FloorView ? <FloorView key={floor.id} floor={floor} /> : null;
      })}
    </ServerMarkup>
  );
}
