import type { Floor } from "@shop/contract";
import { FloorGoodsGrid } from "./FloorGoodsGrid.tsx";
import { BOTTOM_BANNER_SIZE, FloorImage } from "./FloorImage.tsx";
import { FloorSection } from "./FloorSection.tsx";
import { FloorTitle } from "./FloorTitle.tsx";
import { goodsBlock, imageBlock, textBlock } from "./floor-blocks.ts";

/** floor-style-2: centred title · subTitle · goodsList (5 a row) · bottomImg. */
export function FloorStyle2({ floor }: { floor: Floor }) {
  const title = textBlock(floor, "title");
  return (
    <FloorSection floor={floor}>
      <FloorTitle title={title} fallbackText={floor.title} variant="center" subTitle={textBlock(floor, "subTitle")} />
      <FloorGoodsGrid goods={goodsBlock(floor, "goodsList")} columns={5} />
      <FloorImage image={imageBlock(floor, "bottomImg")} alt={title?.text ?? floor.title} size={BOTTOM_BANNER_SIZE} className="home-floor__bottom-image" />
    </FloorSection>
  );
}
