import { Link } from "../chrome/Link.tsx";
import type { BrandItem } from "@shop/contract";
import { imageUrl } from "../../lib/image.ts";
import { brandGoodsPath } from "./brand-query.ts";

/** The wall: each brand's logo and name, opening the goods list filtered by the brand. */
export function BrandGrid({ brands }: { brands: BrandItem[] }) {
  return (
    <ul className="brand-grid">
      {brands.map((brand) => (
        <li key={brand.brand_id} className="brand-card">
          <Link to={brandGoodsPath(brand.brand_id)} className="brand-card__link" title={brand.brand_desc || brand.brand_name}>
            <span className="brand-card__logo">
              {brand.image_url ? (
                <img src={imageUrl(brand.image_url)} alt={brand.brand_name} width={150} height={75} loading="lazy" />
              ) : (
                <span className="brand-card__logo-text">{brand.brand_name}</span>
              )}
            </span>
            <span className="brand-card__name">{brand.brand_name}</span>
            <span className="brand-card__enter">进入品牌 ›</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
