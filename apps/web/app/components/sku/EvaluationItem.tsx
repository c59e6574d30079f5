import type { GoodsEvaluation } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { imageUrl } from "../../lib/image.ts";
import { Stars } from "../ui/Stars.tsx";
import { EvaluationImages } from "./EvaluationImages.tsx";

const DAY_SECONDS = 86400;

/** The buyer's line breaks kept, the text itself rendered as text. */
const TextLines = ({ text }: { text: string }) => <>{text.split("\n").flatMap((line, index) => (index > 0 ? [<br key={index} />, line] : [line]))}</>;

/**
 * One evaluation: buyer (masked when anonymous, by the server, and marked 匿名), stars, text, pictures,
 * the shop's reply (商家回复) and the follow-up with its date. Text is the buyer's plain text, rendered
 * as text (escaped), never as markup.
 */
export function EvaluationItem({ evaluation, defaultHead }: { evaluation: GoodsEvaluation; defaultHead: string }) {
  const head = imageUrl(evaluation.member_headimg || defaultHead);
  const againDays = evaluation.again_time ? Math.max(0, Math.round((evaluation.again_time - evaluation.create_time) / DAY_SECONDS)) : 0;
  return (
    <li className="sku-eval">
      <div className="sku-eval__buyer">
        {head ? <img className="sku-eval__head" src={head} alt="" width={40} height={40} loading="lazy" /> : <span className="sku-eval__head" />}
        <span className="sku-eval__name">{evaluation.member_name || "匿名用户"}</span>
        {evaluation.is_anonymous === 1 && <span className="sku-eval__anonymous">匿名</span>}
      </div>
      <div className="sku-eval__body">
        <Stars className="sku-eval__stars" value={evaluation.scores} />
        <p className="sku-eval__content">{evaluation.content ? <TextLines text={evaluation.content} /> : "此用户没有填写评价内容"}</p>
        <EvaluationImages images={evaluation.images} />
        <p className="sku-eval__meta">
          {evaluation.sku_name && <span>{evaluation.sku_name}</span>}
          <span>{formatTime(evaluation.create_time, "YYYY-MM-DD HH:mm")}</span>
        </p>
        {evaluation.explain_first && <p className="sku-eval__reply">商家回复：{evaluation.explain_first}</p>}
        {evaluation.again_content && (
          <div className="sku-eval__again">
            <p className="sku-eval__again-title">
              {againDays > 0 ? `用户${againDays}天后追评` : "用户当天追评"}（
              <time dateTime={new Date(evaluation.again_time * 1000).toISOString()}>{formatTime(evaluation.again_time, "YYYY-MM-DD")}</time>）
            </p>
            <p className="sku-eval__content"><TextLines text={evaluation.again_content} /></p>
            <EvaluationImages images={evaluation.again_images} />
            {evaluation.again_explain && <p className="sku-eval__reply">商家回复：{evaluation.again_explain}</p>}
          </div>
        )}
      </div>
    </li>
  );
}
