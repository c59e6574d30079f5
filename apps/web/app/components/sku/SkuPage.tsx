import { useMemo } from "react";
import type { SpecFormat } from "@shop/contract";
import { useGlobalData } from "../../lib/global-data.ts";
import type { SkuPageData } from "./sku-data.ts";
import { jsonLdHtml, productJsonLd, skuUrl } from "./sku-seo.ts";
import { splitImages } from "./sku-images.ts";
import { useSkuSwitch } from "./useSkuSwitch.ts";
import { useSkuTracking } from "./useSkuTracking.ts";
import { SkuBreadcrumb } from "./SkuBreadcrumb.tsx";
import { SkuGallery } from "./SkuGallery.tsx";
import { SkuPriceBox } from "./SkuPriceBox.tsx";
import { SkuServices } from "./SkuServices.tsx";
import { SkuSpecs } from "./SkuSpecs.tsx";
import { SkuPurchase } from "./SkuPurchase.tsx";
import { SkuCollect } from "./SkuCollect.tsx";
import { SkuShare } from "./SkuShare.tsx";
import { SkuRecommend } from "./SkuRecommend.tsx";
import { SkuTabs } from "./SkuTabs.tsx";
import { SkuCoupons } from "./SkuCoupons.tsx";
import { SkuCombos, SkuPromotionLines } from "./SkuPromotions.tsx";
import { ChatEntryButton } from "../chat/ChatEntryButton.tsx";
import { goodsDraft } from "../chat/chat-drafts.ts";

const parseSpecs = (json: string): SpecFormat[] => {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    return Array.isArray(parsed) ? (parsed as SpecFormat[]) : [];
  } catch {
    return [];
  }
};

/** The SKU page: gallery and buying column, then 看了又看 beside the tabs. */
export function SkuPage({ data }: { data: SkuPageData }) {
  const { detail } = data;
  const { member, defaultImages } = useGlobalData();
  const { sku, switching, switchTo } = useSkuSwitch(detail);
  const isMember = member !== null;
  useSkuTracking(detail.goods_id, sku.sku_id, isMember);
  const specs = useMemo(() => parseSpecs(sku.goods_spec_format), [sku.goods_spec_format]);
  const images = splitImages(sku.sku_images || detail.goods_image);
  const pageUrl = skuUrl(data.origin, sku.sku_id);

  return (
    <div className="sku-page shop-container">
      <SkuBreadcrumb detail={detail} trail={data.categories} />
      <section className="sku-intro">
        <SkuGallery key={images.join(",")} images={images} name={sku.sku_name} fallback={defaultImages.goods} />
        <div className="sku-info">
          <h1 className="sku-info__name">
            {detail.label_name && <span className="sku-info__label">{detail.label_name}</span>}
            {sku.sku_name}
          </h1>
          {detail.introduction && <p className="sku-info__intro">{detail.introduction}</p>}
          <SkuPriceBox sku={sku} memberLevel={member ? member.member_level_name : null} saleNum={detail.sale_num} evaluate={data.counts.total} />
          <SkuPromotionLines
            skuId={sku.sku_id}
            initialSkuId={detail.sku_id}
            initialSeckill={data.promotions.seckill}
            groupbuy={data.promotions.groupbuy}
            hasSpecs={specs.length > 0}
          />
          <SkuCoupons coupons={data.coupons} isMember={isMember} />
          <SkuServices services={detail.goods_service} freeShipping={detail.is_free_shipping === 1} />
          <SkuSpecs specs={specs} switching={switching} onSelect={switchTo} />
          <SkuPurchase sku={sku} isMember={isMember} />
          <div className="sku-tools">
            <SkuCollect goodsId={detail.goods_id} skuId={sku.sku_id} initialCollected={data.collected} initialCount={detail.collect_num} isMember={isMember} />
            <SkuShare skuId={sku.sku_id} url={pageUrl} />
            <ChatEntryButton className="sku-tool" label="咨询客服" draft={() => goodsDraft(sku)} />
          </div>
        </div>
      </section>
      <SkuCombos combos={data.promotions.combos} fallbackImage={defaultImages.goods} />
      <div className="sku-main">
        <SkuRecommend goods={data.recommend} />
        <SkuTabs detail={detail} counts={data.counts} evaluations={data.evaluations} aftersale={data.aftersale} />
      </div>
      {/* The current SKU as a schema.org Product; escaped so the JSON cannot close the element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdHtml(productJsonLd(detail, sku, data.origin)) }} />
    </div>
  );
}
