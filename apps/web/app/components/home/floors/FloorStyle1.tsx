import type { Floor } from "@shop/contract";
import { BOTTOM_BANNER_SIZE, FloorImage } from "./FloorImage.tsx";
import { FloorPictureAndGoods } from "./FloorPictureAndGoods.tsx";
import { FloorSection } from "./FloorSection.tsx";
import { FloorTitle } from "./FloorTitle.tsx";
import { goodsBlock, imageBlock, textBlock } from "./floor-blocks.ts";

/** floor-style-1: title · leftImg · goodsList (4 a row) · bottomImg. */
export function FloorStyle1({ floor }: { floor: Floor }) {
  const title = textBlock(floor, "title");
  return (
    <FloorSection floor={floor}>
      <FloorTitle title={title} fallbackText={floor.title} variant="accent" />
      <FloorPictureAndGoods picture={imageBlock(floor, "leftImg")} pictureAlt={title?.text ?? floor.title} pictureSize={[234, 614]} goods={goodsBlock(floor, "goodsList")} columns={4} />
      <FloorImage image={imageBlock(floor, "bottomImg")} alt={title?.text ?? floor.title} size={BOTTOM_BANNER_SIZE} className="home-floor__bottom-image" />
    </FloorSection>
  );
}
