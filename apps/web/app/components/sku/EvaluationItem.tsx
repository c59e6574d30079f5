import type { GoodsEvaluation } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { imageUrl } from "../../lib/image.ts";
import { Stars } from "../ui/Stars.tsx";
import { EvaluationImages } from "./EvaluationImages.tsx";

const DAY_SECONDS = 86400;

/** One evaluation: buyer (masked when anonymous, by the server), stars, text, pictures, reply and follow-up. */
export function EvaluationItem({ evaluation, defaultHead }: { evaluation: GoodsEvaluation; defaultHead: string }) {
  const head = imageUrl(evaluation.member_headimg || defaultHead);
  const againDays = evaluation.again_time ? Math.max(0, Math.round((evaluation.again_time - evaluation.create_time) / DAY_SECONDS)) : 0;
  return (
    <li className="sku-eval">
      <div className="sku-eval__buyer">
        {head ? <img className="sku-eval__head" src={head} alt="" width={40} height={40} loading="lazy" /> : <span className="sku-eval__head" />}
        <span className="sku-eval__name">{evaluation.member_name || "匿名用户"}</span>
      </div>
      <div className="sku-eval__body">
        <Stars className="sku-eval__stars" value={evaluation.scores} />
        <p className="sku-eval__content">{evaluation.content}</p>
        <EvaluationImages images={evaluation.images} />
        <p className="sku-eval__meta">
          {evaluation.sku_name && <span>{evaluation.sku_name}</span>}
          <span>{formatTime(evaluation.create_time, "YYYY-MM-DD HH:mm")}</span>
        </p>
        {evaluation.explain_first && <p className="sku-eval__reply">掌柜回复：{evaluation.explain_first}</p>}
        {evaluation.again_content && (
          <div className="sku-eval__again">
            <p className="sku-eval__again-title">{againDays > 0 ? `用户${againDays}天后追评` : "用户当天追评"}</p>
            <p className="sku-eval__content">{evaluation.again_content}</p>
            <EvaluationImages images={evaluation.again_images} />
            {evaluation.again_explain && <p className="sku-eval__reply">掌柜回复：{evaluation.again_explain}</p>}
          </div>
        )}
      </div>
    </li>
  );
}
