import { useState } from "react";
import { Alert, Button, Checkbox } from "antd";
import { EVALUATE_IMAGES_MAX, type EvaluateResult, type OrderEvaluateInfo } from "@shop/contract";
import { ImageUploader } from "../upload/ImageUploader.tsx";
import { EvaluateLineHead } from "./EvaluateLineHead.tsx";
import { StarsInput } from "./StarsInput.tsx";
import { TextWithCounter } from "./TextWithCounter.tsx";
import { SHOP_SCORE_ITEMS, addBody, emptyDraft, type LineDraft, type ShopScores } from "./evaluate-form.ts";
import { useEvaluateSubmit } from "./useEvaluateSubmit.ts";

/**
 * The first evaluation: each line's stars, text and pictures, the three shop scores once for the
 * order, 匿名评价; one submit for all (the server takes the order once).
 */
export function EvaluateForm({ info, onDone }: { info: OrderEvaluateInfo; onDone: (result: EvaluateResult) => void }) {
  const [drafts, setDrafts] = useState<Record<number, LineDraft>>(() => Object.fromEntries(info.list.map((line) => [line.order_goods_id, emptyDraft()])));
  const [shop, setShop] = useState<ShopScores>({ shop_desccredit: 5, shop_servicecredit: 5, shop_deliverycredit: 5 });
  const [anonymous, setAnonymous] = useState(false);
  const { submit, busy, error } = useEvaluateSubmit("/api/goodsevaluate/add", onDone);
  const change = (lineId: number, patch: Partial<LineDraft>) =>
    setDrafts((current) => ({ ...current, [lineId]: { ...(current[lineId] ?? emptyDraft()), ...patch } }));

  return (
    <form className="evaluate-form" onSubmit={(event) => { event.preventDefault(); void submit(addBody(info, drafts, shop, anonymous)); }}>
      {info.list.map((line) => {
        const draft = drafts[line.order_goods_id] ?? emptyDraft();
        return (
          <section key={line.order_goods_id} className="evaluate-line" aria-label={`评价 ${line.sku_name}`}>
            <EvaluateLineHead line={line} />
            <div className="evaluate-line-body">
              <StarsInput label="商品评分" value={draft.scores} onChange={(scores) => change(line.order_goods_id, { scores })} disabled={busy} />
              <TextWithCounter
                label={`${line.sku_name} 的评价内容`}
                value={draft.content}
                onChange={(content) => change(line.order_goods_id, { content })}
                placeholder="宝贝满足你的期待吗？说说它的优点和美中不足的地方吧"
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
