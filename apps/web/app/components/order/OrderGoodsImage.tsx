import { Link } from "../chrome/Link.tsx";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { skuPath } from "./order-paths.ts";

/** A goods picture of an order line (the shop's default goods picture when it has none), linking to the SKU. */
export function OrderGoodsImage({ skuId, image, name, size = 60 }: { skuId: number; image: string; name: string; size?: number }) {
  const { defaultImages } = useGlobalData();
  return (
    <Link to={skuPath(skuId)} className="order-goods-image" style={{ width: size, height: size }}>
      <img src={imageUrl(image ? imageSize(image, "small") : defaultImages.goods)} alt={name} loading="lazy" width={size} height={size} />
    </Link>
  );
}
