import { useState } from "react";
import { Alert, Button, Checkbox } from "antd";
import type { EvaluateResult, OrderEvaluateInfo } from "@shop/contract";
import { EvaluateLineEditor, useLineDrafts } from "./EvaluateLineEditor.tsx";
import { StarsInput } from "./StarsInput.tsx";
import { SHOP_SCORE_ITEMS, addBody, emptyDraft, type ShopScores } from "./evaluate-form.ts";
import { useEvaluateSubmit } from "./useEvaluateSubmit.ts";

/**
 * The first evaluation: each line's stars, text and pictures, the three shop scores once for the
 * order, 匿名评价; one submit for all (the server takes the order once).
 */
export function EvaluateForm({ info, onDone }: { info: OrderEvaluateInfo; onDone: (result: EvaluateResult) => void }) {
  const [drafts, change] = useLineDrafts(() => Object.fromEntries(info.list.map((line) => [line.order_goods_id, emptyDraft()])));
  const [shop, setShop] = useState<ShopScores>({ shop_desccredit: 5, shop_servicecredit: 5, shop_deliverycredit: 5 });
  const [anonymous, setAnonymous] = useState(false);
  const { submit, busy, error } = useEvaluateSubmit("/api/goodsevaluate/add", onDone);

  return (
    <form className="evaluate-form" onSubmit={(event) => { event.preventDefault(); void submit(addBody(info, drafts, shop, anonymous)); }}>
      {info.list.map((line) => {
        const draft = drafts[line.order_goods_id] ?? emptyDraft();
        return (
          <EvaluateLineEditor
            key={line.order_goods_id}
            line={line}
            draft={draft}
            onChange={(patch) => change(line.order_goods_id, patch)}
            title="评价"
            textLabel="的评价内容"
            placeholder="宝贝满足你的期待吗？说说它的优点和美中不足的地方吧"
            disabled={busy}
          >
            <StarsInput label="商品评分" value={draft.scores} onChange={(scores) => change(line.order_goods_id, { scores })} disabled={busy} />
          </EvaluateLineEditor>
        );
      })}
      <section className="evaluate-shop" aria-label="店铺评分">
        <h2>店铺评分</h2>
        {SHOP_SCORE_ITEMS.map((item) => (
          <StarsInput key={item.key} label={item.label} value={shop[item.key]} onChange={(score) => setShop((current) => ({ ...current, [item.key]: score }))} disabled={busy} withKind={false} />
        ))}
      </section>
      {error && <Alert className="evaluate-error" type="error" showIcon title={error} />}
      <div className="evaluate-submit">
        <Checkbox checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} disabled={busy}>
          匿名评价
        </Checkbox>
        {info.evaluate_audit === 1 && <span className="evaluate-submit-hint">评价提交后需商家审核，通过后展示在商品页</span>}
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          提交评价
        </Button>
      </div>
    </form>
  );
}
