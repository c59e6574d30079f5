import type { Floor } from "@shop/contract";
import { PlainLink } from "../../common/PlainLink.tsx";
import { BOTTOM_BANNER_SIZE, FloorImage } from "./FloorImage.tsx";
import { FloorPictureAndGoods } from "./FloorPictureAndGoods.tsx";
import { FloorSection } from "./FloorSection.tsx";
import { FloorTitle } from "./FloorTitle.tsx";
import { goodsBlock, imageBlock, textBlock } from "./floor-blocks.ts";

/** floor-style-4: title tab with a "more" link · wide leftImg · goodsList (3 × 3 row cards) · bottomImg. */
export function FloorStyle4({ floor }: { floor: Floor }) {
  const title = textBlock(floor, "title");
  const more = textBlock(floor, "more");
  const moreLink = more && (
    <span className="home-floor__more" style={more.color ? { color: more.color } : undefined}>
      <PlainLink to={more.link}>{`${more.text} >`}</PlainLink>
    </span>
  );
  return (
    <FloorSection floor={floor}>
      <FloorTitle title={title} fallbackText={floor.title} variant="tab" extra={moreLink} />
      <FloorPictureAndGoods picture={imageBlock(floor, "leftImg")} pictureAlt={title?.text ?? floor.title} pictureSize={[478, 324]} goods={goodsBlock(floor, "goodsList")} columns={3} layout="row" />
      <FloorImage image={imageBlock(floor, "bottomImg")} alt={title?.text ?? floor.title} size={BOTTOM_BANNER_SIZE} className="home-floor__bottom-image" />
    </FloorSection>
  );
}
