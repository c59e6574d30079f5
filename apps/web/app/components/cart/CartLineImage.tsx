import type { CartLine } from "@shop/contract";
import { imageSize, imageUrl } from "../../lib/image.ts";
import { useGlobalData } from "../../lib/global-data.ts";

/** The line's picture (SPEC §9: the "mid" size), or the shop's default goods picture. */
export function CartLineImage({ line }: { line: CartLine }) {
  const { defaultImages } = useGlobalData();
  const source = line.sku_image ? imageSize(line.sku_image, "mid") : defaultImages.goods;
  return <img src={imageUrl(source)} alt={line.sku_name} loading="lazy" />;
}
