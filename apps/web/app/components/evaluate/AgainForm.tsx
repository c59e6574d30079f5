import { useState } from "react";
import { Alert, Button } from "antd";
import { EVALUATE_IMAGES_MAX, type EvaluateResult, type OrderEvaluateInfo } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { ImageUploader } from "../upload/ImageUploader.tsx";
import { EvaluateLineHead } from "./EvaluateLineHead.tsx";
import { OwnEvaluationView } from "./OwnEvaluationView.tsx";
import { TextWithCounter } from "./TextWithCounter.tsx";
import { againBody, emptyDraft, type LineDraft } from "./evaluate-form.ts";
import { useEvaluateSubmit } from "./useEvaluateSubmit.ts";

/**
 * The follow-up (追评): each line shows what was written first, then asks for the follow-up text and
 * pictures. Lines left empty get none; once sent, the order takes no more follow-ups.
 */
export function AgainForm({ info, onDone }: { info: OrderEvaluateInfo; onDone: (result: EvaluateResult) => void }) {
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>({});
  const { submit, busy, error } = useEvaluateSubmit("/api/goodsevaluate/again", onDone);
  const change = (lineId: number, patch: Partial<LineDraft>) =>
    setDrafts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? emptyDraft()), ...patch } }));

  return (
    <form className="evaluate-form" onSubmit={(event) => { event.preventDefault(); void submit(againBody(info, drafts)); }}>
      {info.list.map((line) => {
        const draft = drafts[line.order_goods_id] ?? emptyDraft();
        return (
          <section key={line.order_goods_id} className="evaluate-line" aria-label={`追评 ${line.sku_name}`}>
            <EvaluateLineHead line={line} />
            <div className="evaluate-line-body">
              {line.evaluation && <OwnEvaluationView evaluation={line.evaluation} />}
              <TextWithCounter
                label={`${line.sku_name} 的追评内容`}
                value={draft.content}
                onChange={(content) => change(line.order_goods_id, { content })}
                placeholder="用了一段时间，说说你的使用感受吧（选填，不填则不追评这件商品）"
                disabled={busy}
              />
              <div className="evaluate-pictures">
                <span className="evaluate-pictures-label">晒图</span>
                <ImageUploader kind="evaluate" value={draft.images} onChange={(images) => change(line.order_goods_id, { images })} max={EVALUATE_IMAGES_MAX} disabled={busy} />
              </div>
            </div>
          </section>
        );
      })}
      {error && <Alert className="evaluate-error" type="error" showIcon title={error} />}
      <div className="evaluate-submit">
        <span className="evaluate-submit-hint">
          每笔订单只能追评一次，{formatTime(info.again_end_time, "YYYY-MM-DD")} 前有效
          {info.evaluate_audit === 1 ? "；追评需商家审核后展示" : ""}
        </span>
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          提交追评
        </Button>
      </div>
    </form>
  );
}
