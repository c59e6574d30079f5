import { useState } from "react";
import type { EvaluationCounts, GoodsEvaluation, Page } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { EvaluationItem } from "./EvaluationItem.tsx";
import { EVALUATION_PAGE_SIZE } from "./sku-data.ts";
import { handleClosedCode } from "../../lib/site-closed.ts";
import { Empty } from "../ui/Empty.tsx";
import { Pagination } from "../ui/Pagination.tsx";
import { toast } from "../ui/toast.ts";

interface SkuEvaluationsProps {
  goodsId: number;
  counts: EvaluationCounts;
  firstPage: Page<GoodsEvaluation>;
}

const FILTERS = [
  { type: 0, label: "全部评价", count: (counts: EvaluationCounts) => counts.total },
  { type: 1, label: "好评", count: (counts: EvaluationCounts) => counts.haoping },
  { type: 2, label: "中评", count: (counts: EvaluationCounts) => counts.zhongping },
  { type: 3, label: "差评", count: (counts: EvaluationCounts) => counts.chaping },
] as const;

/** 商品评价: good-rate summary, 全部/好评/中评/差评 filter with counts, and the paged list. */
export function SkuEvaluations({ goodsId, counts, firstPage }: SkuEvaluationsProps) {
  const { defaultImages } = useGlobalData();
  const [filter, setFilter] = useState(0);
  const [page, setPage] = useState(1);
  const [data, setData] = useState(firstPage);
  const [loading, setLoading] = useState(false);
  const goodRate = counts.total ? Math.round((counts.haoping / counts.total) * 100) : 100;

  const load = async (nextFilter: number, nextPage: number) => {
    setFilter(nextFilter);
    setPage(nextPage);
    setLoading(true);
    try {
      setData(await browserApi.call("/api/goodsevaluate/page", { goods_id: goodsId, explain_type: nextFilter, page: nextPage, page_size: EVALUATION_PAGE_SIZE }));
    } catch (error) {
      if (handleClosedCode(error)) return;
      toast.error(error instanceof Error ? error.message : "评价加载失败");
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="sku-evals">
      <div className="sku-evals__summary">
        <div className="sku-evals__rate">
          <span>好评度</span>
          <strong>{goodRate}%</strong>
        </div>
        <div className="sku-evals__filters" role="tablist" aria-label="评价筛选">
          {FILTERS.map((item) => (
            <button
              type="button"
              role="tab"
              aria-selected={filter === item.type}
              key={item.type}
              className={`sku-evals__filter${filter === item.type ? " is-active" : ""}`}
              onClick={() => load(item.type, 1)}
            >
              {item.label}({item.count(counts)})
            </button>
          ))}
        </div>
      </div>
      <div className={loading ? "ui-busy is-busy" : "ui-busy"} aria-busy={loading}>
        {data.list.length ? (
          <ul className="sku-evals__list">
            {data.list.map((evaluation) => (
              <EvaluationItem key={evaluation.evaluate_id} evaluation={evaluation} defaultHead={defaultImages.head} />
            ))}
          </ul>
        ) : (
          <Empty className="sku-evals__empty" description="暂无评价" />
        )}
      </div>
      {data.count > EVALUATION_PAGE_SIZE && (
        <Pagination
          className="sku-evals__pager"
          current={page}
          pageCount={Math.ceil(data.count / EVALUATION_PAGE_SIZE)}
          arrows
          onChange={(next) => void load(filter, next)}
        />
      )}
    </div>
  );
}
