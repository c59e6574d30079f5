import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button, Checkbox } from "antd";
import type { CollectItem } from "@shop/contract";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { useConfirmedCall } from "../../../lib/use-confirmed-call.ts";
import { formatTime } from "../../../lib/format.ts";
import { GoodsRecordCard } from "./GoodsRecordCard.tsx";

/**
 * 我的关注: the followed goods of this page as cards, each with 取消关注; 批量管理 turns on checkboxes
 * to unfollow several at once (after a confirmation). The page reloads its data after each change.
 */
export function CollectionGrid({ items, total }: { items: CollectItem[]; total: number }) {
  const call = useMemberCall();
  const { busy, run, confirm } = useConfirmedCall();
  const revalidator = useRevalidator();
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const visible = new Set(items.map((item) => item.goods_id));
  // Goods that left the page (another tab, a reload) are no longer selected.
  const chosen = [...selected].filter((goodsId) => visible.has(goodsId));
  const allChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (goodsId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(goodsId);
      else next.delete(goodsId);
      return next;
    });
  const afterUnfollow = () => {
    setSelected(new Set());
    void revalidator.revalidate();
  };
  const unfollow = (goods: CollectItem) =>
    void run(() => call("/api/goodscollect/delete", { goods_id: goods.goods_id }), "已取消关注", afterUnfollow);
  const unfollowChosen = () =>
    confirm(
      { title: "取消关注", content: `确定取消关注选中的 ${chosen.length} 件商品吗？`, okText: "取消关注", cancelText: "再想想" },
      () => call("/api/goodscollect/delete", { goods_id: chosen }),
      `已取消关注 ${chosen.length} 件商品`,
      () => {
        setManaging(false);
        afterUnfollow();
      },
    );

  return (
    <>
      <div className="collection-toolbar">
        <span className="collection-count">共关注 {total} 件商品</span>
        {managing ? (
          <div className="collection-batch" role="group" aria-label="批量管理">
            <Checkbox checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={(event) => setSelected(new Set(event.target.checked ? visible : []))}>
              全选
            </Checkbox>
            <span className="collection-chosen">已选 {chosen.length} 件</span>
            <Button type="primary" disabled={chosen.length === 0} loading={busy} onClick={unfollowChosen}>
              取消关注
            </Button>
            <Button
              onClick={() => {
                setManaging(false);
                setSelected(new Set());
              }}
            >
              完成
            </Button>
          </div>
        ) : (
          <Button onClick={() => setManaging(true)}>批量管理</Button>
        )}
      </div>
      <ul className="record-grid">
        {items.map((goods) => (
          <GoodsRecordCard
            key={goods.collect_id}
            goods={goods}
            selected={managing && selected.has(goods.goods_id)}
            leading={
              managing ? (
                <Checkbox checked={selected.has(goods.goods_id)} onChange={(event) => toggle(goods.goods_id, event.target.checked)} aria-label={`选择 ${goods.sku_name}`} />
              ) : undefined
            }
          >
            <span className="record-card-time">{formatTime(goods.create_time, "YYYY-MM-DD")} 关注</span>
            <button type="button" className="record-card-action" disabled={busy} onClick={() => unfollow(goods)} aria-label={`取消关注 ${goods.sku_name}`}>
              取消关注
            </button>
          </GoodsRecordCard>
        ))}
      </ul>
    </>
  );
}
