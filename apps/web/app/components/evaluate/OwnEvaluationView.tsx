import type { OwnEvaluation } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { Stars } from "../ui/Stars.tsx";
import { EvaluationImages } from "../sku/EvaluationImages.tsx";
import { starsLabel } from "./evaluate-form.ts";

const AUDIT_NOTES: Record<number, string> = { 0: "等待商家审核", [-1]: "未通过审核" };

/** What the buyer wrote for a line (and the shop's replies), as the follow-up and done modes show it. */
export function OwnEvaluationView({ evaluation }: { evaluation: OwnEvaluation }) {
  const firstNote = AUDIT_NOTES[evaluation.is_audit];
  const againNote = AUDIT_NOTES[evaluation.again_is_audit];
  return (
    <div className="evaluate-own">
      <p className="evaluate-own-meta">
        <Stars value={evaluation.scores} />
        <span>{starsLabel(evaluation.scores)}</span>
        <span>{formatTime(evaluation.create_time, "YYYY-MM-DD HH:mm")} 评价</span>
        {evaluation.is_anonymous === 1 && <span>匿名</span>}
        {firstNote && <span className="evaluate-own-audit">{firstNote}</span>}
      </p>
      <p className="evaluate-own-text">{evaluation.content || "未填写评价内容"}</p>
      <EvaluationImages images={evaluation.images} />
      {evaluation.explain_first && <p className="evaluate-own-reply">商家回复：{evaluation.explain_first}</p>}
      {evaluation.again_time > 0 && (
        <div className="evaluate-own-again">
          <p className="evaluate-own-meta">
            <strong>追评</strong>
            <span>{formatTime(evaluation.again_time, "YYYY-MM-DD HH:mm")}</span>
            {againNote && <span className="evaluate-own-audit">{againNote}</span>}
          </p>
          <p className="evaluate-own-text">{evaluation.again_content}</p>
          <EvaluationImages images={evaluation.again_images} />
          {evaluation.again_explain && <p className="evaluate-own-reply">商家回复：{evaluation.again_explain}</p>}
        </div>
      )}
    </div>
  );
}
