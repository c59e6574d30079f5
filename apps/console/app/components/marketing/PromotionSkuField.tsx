import { useEffect, useRef } from "react";
import { Checkbox, Input, InputNumber, Table, Typography } from "antd";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** A SKU row of a promotion's form: whether it takes part, at what price, with how many units. */
export interface PromotionSkuRow {
  sku_id: number;
  sku_name: string;
  /** its own price, "99.00" */
  price: string;
  /** its own stock */
  goods_stock: number;
  chosen: boolean;
  promotion_price: string;
  /** the promotion's pool (seckill), when the promotion has one */
  stock: number;
}

export interface PromotionSkuValue {
  goods_id: number;
  rows: PromotionSkuRow[];
}

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** The first problem of the rows, in Chinese, or null (the form's rule shows it). */
export function skuRowsProblem(value: PromotionSkuValue | undefined, priceLabel: string, withPool: boolean): string | null {
  const chosen = (value?.rows ?? []).filter((row) => row.chosen);
  if (chosen.length === 0) return "请至少选择一个参与活动的规格";
  for (const row of chosen) {
    if (!MONEY.test(row.promotion_price) || Number(row.promotion_price) <= 0) return `规格「${row.sku_name}」的${priceLabel}须为大于 0 的金额，最多两位小数`;
    if (withPool && !(Number.isInteger(row.stock) && row.stock >= 0)) return `规格「${row.sku_name}」的活动库存须为不小于 0 的整数`;
  }
  return null;
}

/**
 * The SKUs of the chosen goods with a price (and a pool) each: read from the goods editor's call
 * when the goods changes. A form field: value = { goods_id, rows }.
 */
export default function PromotionSkuField({ goodsId, value, onChange, priceLabel, withPool }: {
  goodsId: number;
  value?: PromotionSkuValue;
  onChange?: (value: PromotionSkuValue) => void;
  priceLabel: string;
  withPool: boolean;
}) {
  const call = useStaffCall();
  const latest = useRef(onChange);
  latest.current = onChange;
  const loadedGoods = value?.goods_id ?? 0;

  useEffect(() => {
    if (!goodsId || goodsId === loadedGoods) return;
    void call("/shopapi/goods/editgetgoodsinfo", { goods_id: goodsId }).then((info) => {
      if (!info) return;
      latest.current?.({
        goods_id: goodsId,
        rows: info.sku_list.map((sku) => ({ sku_id: sku.sku_id, sku_name: sku.sku_name, price: sku.price, goods_stock: sku.stock, chosen: true, promotion_price: "", stock: Math.min(sku.stock, 100) })),
      });
    });
  }, [call, goodsId, loadedGoods]);

  if (!goodsId) return <Typography.Text type="secondary">先选择商品</Typography.Text>;
  const rows = value?.goods_id === goodsId ? value.rows : [];
  const update = (skuId: number, change: Partial<PromotionSkuRow>) => onChange?.({ goods_id: goodsId, rows: rows.map((row) => (row.sku_id === skuId ? { ...row, ...change } : row)) });

  return (
    <Table<PromotionSkuRow>
      rowKey="sku_id"
      size="small"
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: "读取规格中…" }}
      columns={[
        { title: "参与", key: "chosen", width: 60, render: (_, row) => <Checkbox checked={row.chosen} onChange={(event) => update(row.sku_id, { chosen: event.target.checked })} aria-label={`${row.sku_name} 参与活动`} /> },
        { title: "规格", dataIndex: "sku_name" },
        { title: "原价", dataIndex: "price", width: 90, align: "right", render: (price: string) => `¥${price}` },
        { title: "商品库存", dataIndex: "goods_stock", width: 90, align: "right" },
        {
          title: priceLabel,
          key: "promotion_price",
          width: 120,
          render: (_, row) => (
            <Input size="small" prefix="¥" value={row.promotion_price} disabled={!row.chosen} onChange={(event) => update(row.sku_id, { promotion_price: event.target.value.trim() })} aria-label={`${row.sku_name} 的${priceLabel}`} />
          ),
        },
        ...(withPool
          ? [
              {
                title: "活动库存",
                key: "stock",
                width: 110,
                render: (_: unknown, row: PromotionSkuRow) => (
                  <InputNumber size="small" min={0} precision={0} value={row.stock} disabled={!row.chosen} onChange={(stock) => update(row.sku_id, { stock: stock ?? 0 })} aria-label={`${row.sku_name} 的活动库存`} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
