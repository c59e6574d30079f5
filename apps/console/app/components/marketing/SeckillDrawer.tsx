import { App, Checkbox, DatePicker, Form, Input, InputNumber } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { StaffSeckill, StaffSeckillSlot } from "@shop/contract";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { requiredName } from "../catalog/rules.ts";
import { GoodsPicker } from "../content/pickers.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import PromotionSkuField, { skuRowsProblem, type PromotionSkuValue } from "./PromotionSkuField.tsx";

interface SeckillValues {
  seckill_name: string;
  goods_ids: number[];
  time_ids: number[];
  window: [Dayjs, Dayjs];
  max_buy: number;
  remark: string;
  skus: PromotionSkuValue;
}

function initialOf(seckill: StaffSeckill | null): Partial<SeckillValues> {
  if (!seckill) return { seckill_name: "", goods_ids: [], time_ids: [], max_buy: 1, remark: "", window: [dayjs().startOf("minute"), dayjs().add(7, "day").endOf("day")] };
  return {
    seckill_name: seckill.seckill_name,
    goods_ids: [seckill.goods_id],
    time_ids: seckill.time_ids,
    window: [dayjs.unix(seckill.start_time), dayjs.unix(seckill.end_time)],
    max_buy: seckill.max_buy,
    remark: seckill.remark,
    skus: {
      goods_id: seckill.goods_id,
      rows: seckill.sku_list.map((sku) => ({ sku_id: sku.sku_id, sku_name: sku.sku_name, price: sku.price, goods_stock: sku.goods_stock, chosen: true, promotion_price: sku.seckill_price, stock: sku.stock })),
    },
  };
}

/** Adds or edits a seckill: its goods, the SKUs' seckill prices and pools, the slots and dates it runs in. */
export default function SeckillDrawer({ open, seckill, slots, onClose, onSaved }: {
  open: boolean;
  seckill: StaffSeckill | null;
  slots: StaffSeckillSlot[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const call = useStaffCall();
  const { message } = App.useApp();

  const save = async (values: SeckillValues) => {
    const body = {
      seckill_name: values.seckill_name.trim(),
      goods_id: values.goods_ids[0]!,
      time_ids: values.time_ids,
      start_time: values.window[0].unix(),
      end_time: values.window[1].unix(),
      max_buy: values.max_buy ?? 0,
      remark: values.remark ?? "",
      sku_list: values.skus.rows.filter((row) => row.chosen).map((row) => ({ sku_id: row.sku_id, seckill_price: row.promotion_price, stock: row.stock })),
    };
    const done = seckill ? await call("/shopapi/seckill/edit", { ...body, seckill_id: seckill.seckill_id }) : await call("/shopapi/seckill/add", body);
    if (!done) return false;
    void message.success(seckill ? "秒杀活动已保存" : `秒杀活动「${body.seckill_name}」已添加`);
    onSaved();
    return true;
  };

  return (
    <FormDrawer<SeckillValues> title={seckill ? "编辑秒杀活动" : "添加秒杀商品"} open={open} initialValues={initialOf(seckill)} onClose={onClose} onSubmit={save} width={760}>
      <Form.Item name="seckill_name" label="活动名称" rules={requiredName("活动名称", 30)}>
        <Input maxLength={30} showCount autoFocus placeholder="如：整点秒杀" />
      </Form.Item>
      <Form.Item name="goods_ids" label="秒杀商品" rules={[{ required: true, type: "array", min: 1, message: "请选择秒杀商品" }]}>
        <GoodsPicker label="秒杀商品" max={1} />
      </Form.Item>
      <Form.Item noStyle dependencies={["goods_ids"]}>
        {({ getFieldValue }) => (
          <Form.Item
            name="skus"
            label="规格、秒杀价与活动库存"
            rules={[{ validator: async (_rule, value?: PromotionSkuValue) => { const problem = skuRowsProblem(value, "秒杀价", true); if (problem) throw new Error(problem); } }]}
          >
            <PromotionSkuField goodsId={Number((getFieldValue("goods_ids") as number[] | undefined)?.[0] ?? 0)} priceLabel="秒杀价" withPool />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="time_ids" label="秒杀场次" rules={[{ required: true, type: "array", min: 1, message: "请选择秒杀场次" }]}>
        <Checkbox.Group options={slots.map((slot) => ({ value: slot.id, label: `${slot.name}（${slot.start_time_text}–${slot.end_time_text}）` }))} />
      </Form.Item>
      <Form.Item
        name="window"
        label="活动日期"
        rules={[
          { required: true, message: "请选择活动的开始和结束时间" },
          { validator: async (_rule, value?: [Dayjs, Dayjs]) => { if (value && !value[1].isAfter(value[0])) throw new Error("活动结束时间须晚于开始时间"); } },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: "HH:mm" }} format="YYYY-MM-DD HH:mm" placeholder={["开始时间", "结束时间"]} />
      </Form.Item>
      <Form.Item name="max_buy" label="每人限购" extra="0 表示不限" rules={[{ type: "integer", min: 0, max: 9999, message: "每人限购须为 0–9999 的整数" }]}>
        <InputNumber min={0} max={9999} precision={0} addonAfter="件" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: "备注不能超过 200 个字" }]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormDrawer>
  );
}
