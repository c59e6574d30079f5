import type { Floor } from "@shop/contract";
import { FloorCategoryLinks } from "./FloorCategoryLinks.tsx";
import { FloorGoodsGrid } from "./FloorGoodsGrid.tsx";
import { FloorPictureAndGoods } from "./FloorPictureAndGoods.tsx";
import { FloorSection } from "./FloorSection.tsx";
import { FloorTitle } from "./FloorTitle.tsx";
import { categoryBlock, goodsBlock, imageBlock, textBlock } from "./floor-blocks.ts";

/**
 * floor-style-3: title · leftImg with the categoryList under it · rightGoodsList (5 a row) ·
 * bottomGoodsList (a row of compact cards).
 */
export function FloorStyle3({ floor }: { floor: Floor }) {
  const title = textBlock(floor, "title");
  return (
    <FloorSection floor={floor}>
      <FloorTitle title={title} fallbackText={floor.title} variant="accent" />
      <FloorPictureAndGoods
        picture={imageBlock(floor, "leftImg")}
        pictureAlt={title?.text ?? floor.title}
        pictureSize={[190, 360]}
        pictureFooter={<FloorCategoryLinks categories={categoryBlock(floor, "categoryList")} />}
        goods={goodsBlock(floor, "rightGoodsList")}
        columns={5}
        layout="compact"
      />
      <FloorGoodsGrid goods={goodsBlock(floor, "bottomGoodsList")} columns={6} layout="compact" className="home-floor__bottom-goods" />
    </FloorSection>
  );
}
