import { Link } from "../chrome/Link.tsx";
import type { RecommendGoods } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { sizedImage, splitImages } from "./sku-images.ts";
import { skuPath } from "./sku-seo.ts";

/** 看了又看: best sellers of the same category, beside the tabs. */
export function SkuRecommend({ goods }: { goods: RecommendGoods[] }) {
  const { defaultImages } = useGlobalData();
  if (goods.length === 0) return null;
  return (
    <aside className="sku-recommend" aria-label="看了又看">
      <h2 className="sku-recommend__title">看了又看</h2>
      <ul>
        {goods.map((item) => {
          const picture = splitImages(item.goods_image)[0] ?? defaultImages.goods;
          const price = Number(item.discount_price) > 0 ? item.discount_price : item.price;
          return (
            <li key={item.goods_id}>
              <Link to={skuPath(item.sku_id)} className="sku-recommend__item" title={item.goods_name}>
                {picture && <img src={sizedImage(picture, "mid")} alt={item.goods_name} width={160} height={160} loading="lazy" />}
                <span className="sku-recommend__name">{item.goods_name}</span>
                <span className="sku-recommend__price">¥{formatPrice(price)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
