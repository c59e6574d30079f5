import { useState, type ReactNode } from "react";
import type { EvaluationCounts, GoodsEvaluation, GoodsSkuDetail, Page } from "@shop/contract";
import { SkuAttributes, parseAttributes } from "./SkuAttributes.tsx";
import { SkuEvaluations } from "./SkuEvaluations.tsx";

interface SkuTabsProps {
  detail: GoodsSkuDetail;
  counts: EvaluationCounts;
  evaluations: Page<GoodsEvaluation>;
  aftersale: string;
}

type TabKey = "intro" | "evaluate" | "aftersale";

/**
 * 商品介绍 / 商品评价 / 售后保障. Every panel is rendered server-side (the description and
 * evaluations are in the page for search engines); only the chosen one is shown.
 */
export function SkuTabs({ detail, counts, evaluations, aftersale }: SkuTabsProps) {
  const [active, setActive] = useState<TabKey>("intro");
  const tabs: Array<{ key: TabKey; label: string; panel: ReactNode }> = [
    {
      key: "intro",
      label: "商品介绍",
      panel: (
        <>
          <SkuAttributes attributes={parseAttributes(detail.goods_attr_format)} goodsName={detail.goods_name} />
          {/* goods_content is sanitized by the server (core/sanitize.ts) */}
          <div className="sku-content" dangerouslySetInnerHTML={{ __html: detail.goods_content }} />
        </>
      ),
    },
    // The shop may switch evaluations off on goods pages (evaluate_config.evaluate_show 0).
    ...(detail.evaluate_config.evaluate_show === 0
      ? []
      : [{ key: "evaluate" as const, label: `商品评价(${counts.total})`, panel: <SkuEvaluations goodsId={detail.goods_id} counts={counts} firstPage={evaluations} /> }]),
    {
      key: "aftersale",
      label: "售后保障",
      // server-sanitized as well
      panel: <div className="sku-content sku-aftersale" dangerouslySetInnerHTML={{ __html: aftersale }} />,
    },
  ];
  return (
    <section className="sku-tabs">
      <div className="sku-tabs__bar" role="tablist">
        {tabs.map((tab) => (
          <button
            type="button"
            role="tab"
            id={`sku-tab-${tab.key}`}
            aria-controls={`sku-panel-${tab.key}`}
            aria-selected={active === tab.key}
            key={tab.key}
            className={`sku-tabs__tab${active === tab.key ? " is-active" : ""}`}
            onClick={() => setActive(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div role="tabpanel" id={`sku-panel-${tab.key}`} aria-labelledby={`sku-tab-${tab.key}`} key={tab.key} hidden={active !== tab.key} className="sku-tabs__panel">
          {tab.panel}
        </div>
      ))}
    </section>
  );
}
