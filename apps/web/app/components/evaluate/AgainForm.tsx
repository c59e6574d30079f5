import { Alert, Button } from "antd";
import type { EvaluateResult, OrderEvaluateInfo } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { EvaluateLineEditor, useLineDrafts } from "./EvaluateLineEditor.tsx";
import { OwnEvaluationView } from "./OwnEvaluationView.tsx";
import { againBody, emptyDraft } from "./evaluate-form.ts";
import { useEvaluateSubmit } from "./useEvaluateSubmit.ts";

/**
 * The follow-up (追评): each line shows what was written first, then asks for the follow-up text and
 * pictures. Lines left empty get none; once sent, the order takes no more follow-ups.
 */
export function AgainForm({ info, onDone }: { info: OrderEvaluateInfo; onDone: (result: EvaluateResult) => void }) {
  const [drafts, change] = useLineDrafts();
  const { submit, busy, error } = useEvaluateSubmit("/api/goodsevaluate/again", onDone);

  return (
    <form className="evaluate-form" onSubmit={(event) => { event.preventDefault(); void submit(againBody(info, drafts)); }}>
      {info.list.map((line) => (
        <EvaluateLineEditor
          key={line.order_goods_id}
          line={line}
          draft={drafts[line.order_goods_id] ?? emptyDraft()}
          onChange={(patch) => change(line.order_goods_id, patch)}
          title="追评"
          textLabel="的追评内容"
          placeholder="用了一段时间，说说你的使用感受吧（选填，不填则不追评这件商品）"
          disabled={busy}
        >
          {line.evaluation && <OwnEvaluationView evaluation={line.evaluation} />}
        </EvaluateLineEditor>
      ))}
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
