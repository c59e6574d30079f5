import { App, DatePicker, Form, Input, InputNumber } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { MAX_GROUPBUY_BUY_NUM, type StaffGroupbuy } from "@shop/contract/domains/groupbuy";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { requiredName } from "../catalog/rules.ts";
import { GoodsPicker } from "../content/pickers.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import PromotionSkuField, { skuRowsProblem, type PromotionSkuValue } from "./PromotionSkuField.tsx";

interface GroupbuyValues {
  groupbuy_name: string;
  goods_ids: number[];
  buy_num: number;
  window: [Dayjs, Dayjs];
  skus: PromotionSkuValue;
}

function initialOf(groupbuy: StaffGroupbuy | null): Partial<GroupbuyValues> {
  if (!groupbuy) return { groupbuy_name: "", goods_ids: [], buy_num: 2, window: [dayjs().startOf("minute"), dayjs().add(7, "day").endOf("day")] };
  return {
    groupbuy_name: groupbuy.groupbuy_name,
    goods_ids: [groupbuy.goods_id],
    buy_num: groupbuy.buy_num,
    window: [dayjs.unix(groupbuy.start_time), dayjs.unix(groupbuy.end_time)],
    skus: {
      goods_id: groupbuy.goods_id,
      rows: groupbuy.sku_list.map((sku) => ({ sku_id: sku.sku_id, sku_name: sku.sku_name, price: sku.price, goods_stock: sku.stock, chosen: true, promotion_price: sku.groupbuy_price, stock: 0 })),
    },
  };
}

/** Adds or edits a group buy: its goods, the SKUs' group-buy prices, the least units an order buys, its dates. */
export default function GroupbuyDrawer({ open, groupbuy, onClose, onSaved }: { open: boolean; groupbuy: StaffGroupbuy | null; onClose: () => void; onSaved: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();

  const save = async (values: GroupbuyValues) => {
    const body = {
      groupbuy_name: values.groupbuy_name.trim(),
      goods_id: values.goods_ids[0]!,
      buy_num: values.buy_num,
      start_time: values.window[0].unix(),
      end_time: values.window[1].unix(),
      sku_list: values.skus.rows.filter((row) => row.chosen).map((row) => ({ sku_id: row.sku_id, groupbuy_price: row.promotion_price })),
    };
    const done = groupbuy ? await call("/shopapi/groupbuy/edit", { ...body, groupbuy_id: groupbuy.groupbuy_id }) : await call("/shopapi/groupbuy/add", body);
    if (!done) return false;
    void message.success(groupbuy ? "团购活动已保存" : `团购活动「${body.groupbuy_name}」已添加`);
    onSaved();
    return true;
  };

  return (
    <FormDrawer<GroupbuyValues> title={groupbuy ? "编辑团购活动" : "添加团购活动"} open={open} initialValues={initialOf(groupbuy)} onClose={onClose} onSubmit={save} width={720}>
      <Form.Item name="groupbuy_name" label="活动名称" rules={requiredName("活动名称", 30)}>
        <Input maxLength={30} showCount autoFocus />
      </Form.Item>
      <Form.Item name="goods_ids" label="团购商品" rules={[{ required: true, type: "array", min: 1, message: "请选择团购商品" }]}>
        <GoodsPicker label="团购商品" max={1} />
      </Form.Item>
      <Form.Item noStyle dependencies={["goods_ids"]}>
        {({ getFieldValue }) => (
          <Form.Item
            name="skus"
            label="规格与团购价"
            rules={[{ validator: async (_rule, value?: PromotionSkuValue) => { const problem = skuRowsProblem(value, "团购价", false); if (problem) throw new Error(problem); } }]}
          >
            <PromotionSkuField goodsId={Number((getFieldValue("goods_ids") as number[] | undefined)?.[0] ?? 0)} priceLabel="团购价" withPool={false} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="buy_num" label="起购数量" extra="每单至少购买的件数" rules={[{ required: true, type: "integer", min: 1, max: MAX_GROUPBUY_BUY_NUM, message: `起购数量须为 1–${MAX_GROUPBUY_BUY_NUM} 的整数` }]}>
        <InputNumber min={1} max={MAX_GROUPBUY_BUY_NUM} precision={0} addonAfter="件" />
      </Form.Item>
      <Form.Item
        name="window"
        label="活动时间"
        rules={[
          { required: true, message: "请选择活动的开始和结束时间" },
          { validator: async (_rule, value?: [Dayjs, Dayjs]) => { if (value && !value[1].isAfter(value[0])) throw new Error("结束时间须晚于开始时间"); } },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: "HH:mm" }} format="YYYY-MM-DD HH:mm" placeholder={["开始时间", "结束时间"]} />
      </Form.Item>
    </FormDrawer>
  );
}
