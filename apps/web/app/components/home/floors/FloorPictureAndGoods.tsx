import type { ReactNode } from "react";
import type { FloorGoods } from "@shop/contract";
import { FloorGoodsGrid } from "./FloorGoodsGrid.tsx";
import { FloorImage, type PictureSize } from "./FloorImage.tsx";
import type { GoodsCardLayout } from "./GoodsCard.tsx";
import type { ImageBlockValue } from "./floor-blocks.ts";

interface FloorPictureAndGoodsProps {
  picture: ImageBlockValue | null;
  pictureAlt: string;
  pictureSize: PictureSize;
  /** shown under the picture (floor-style-3: category shortcuts) */
  pictureFooter?: ReactNode;
  goods: FloorGoods[];
  columns: number;
  layout?: GoodsCardLayout;
}

/**
 * The body most floors share: a picture column on the left (its width set per floor style in
 * home-floors.css), goods cards filling the rest.
 */
export function FloorPictureAndGoods({ picture, pictureAlt, pictureSize, pictureFooter, goods, columns, layout }: FloorPictureAndGoodsProps) {
  if (!picture && !pictureFooter && goods.length === 0) return null;
  const hasAside = Boolean(picture || pictureFooter);
  return (
    <div className={hasAside ? "home-floor-body" : "home-floor-body home-floor-body--no-picture"}>
      {hasAside && (
        <div className="home-floor-body__aside">
          <FloorImage image={picture} alt={pictureAlt} size={pictureSize} className="home-floor-body__picture" />
          {pictureFooter}
        </div>
      )}
      <FloorGoodsGrid goods={goods} columns={columns} layout={layout} className="home-floor-body__goods" />
    </div>
  );
}
