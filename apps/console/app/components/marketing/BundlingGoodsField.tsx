import { useEffect, useRef, useState } from "react";
import { InputNumber, Space, Table, Typography } from "antd";
import { BUNDLING_MAX_GOODS, BUNDLING_MAX_NUM } from "@shop/contract/domains/bundling";
import type { PickableGoods } from "@shop/contract/domains/admin-content";
import { GoodsPicker } from "../content/pickers.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** A goods of a combo as its form holds it. */
export interface BundlingGoodsRow {
  goods_id: number;
  num: number;
}

/**
 * The goods of a combo (a form field: value = [{goods_id, num}] in the order picked): goods chosen
 * with the shared GoodsPicker, then how many units of each go in one package, with the goods'
 * own price so the package price can be compared with what the goods cost apart.
 */
export default function BundlingGoodsField({ value = [], onChange, onOriginalTotal }: {
  value?: BundlingGoodsRow[];
  onChange?: (rows: BundlingGoodsRow[]) => void;
  /** the goods' own prices × num, in cents (for the price field's hint) */
  onOriginalTotal?: (cents: number) => void;
}) {
  const call = useStaffCall();
  const [goods, setGoods] = useState<Map<number, PickableGoods>>(new Map());
  const ids = value.map((row) => row.goods_id);
  const missing = ids.filter((goodsId) => !goods.has(goodsId)).join(",");

  useEffect(() => {
    if (!missing) return;
    void call("/shopapi/pc/goodsselect", { goods_ids: missing.split(",").map(Number), page: 1, page_size: 50, search_text: "" }, { silent: true }).then((page) => {
      if (page) setGoods((known) => new Map([...known, ...page.list.map((item) => [item.goods_id, item] as const)]));
    });
  }, [call, missing]);

  const totalCents = value.reduce((sum, row) => sum + Math.round(Number(goods.get(row.goods_id)?.price ?? 0) * 100) * row.num, 0);
  const report = useRef(onOriginalTotal);
  report.current = onOriginalTotal;
  useEffect(() => report.current?.(totalCents), [totalCents]);

  const pick = (picked: number[]) => onChange?.(picked.map((goodsId) => value.find((row) => row.goods_id === goodsId) ?? { goods_id: goodsId, num: 1 }));
  const setNum = (goodsId: number, num: number) => onChange?.(value.map((row) => (row.goods_id === goodsId ? { ...row, num } : row)));

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <GoodsPicker label="套餐商品" max={BUNDLING_MAX_GOODS} value={ids} onChange={pick} />
      {value.length > 0 && (
        <Table<BundlingGoodsRow>
          rowKey="goods_id"
          size="small"
          pagination={false}
          dataSource={value}
          columns={[
            { title: "商品", key: "name", render: (_, row) => goods.get(row.goods_id)?.goods_name ?? `商品 ${row.goods_id}` },
            { title: "单价", key: "price", width: 100, align: "right", render: (_, row) => (goods.has(row.goods_id) ? `¥${goods.get(row.goods_id)!.price}` : "—") },
            {
              title: "每套数量",
              key: "num",
              width: 130,
              render: (_, row) => (
                <InputNumber
                  size="small"
                  min={1}
                  max={BUNDLING_MAX_NUM}
                  precision={0}
                  value={row.num}
                  onChange={(num) => setNum(row.goods_id, num ?? 1)}
                  addonAfter="件"
                  aria-label={`${goods.get(row.goods_id)?.goods_name ?? row.goods_id} 每套数量`}
                />
              ),
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3} align="right">
                <Typography.Text type="secondary">单独购买合计 ¥{(totalCents / 100).toFixed(2)}（默认规格）</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      )}
    </Space>
  );
}
