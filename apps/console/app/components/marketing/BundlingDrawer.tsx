import { useState } from "react";
import { App, DatePicker, Form, Input } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { BUNDLING_MAX_GOODS, BUNDLING_MAX_NUM, BUNDLING_MIN_GOODS, type StaffBundling } from "@shop/contract/domains/bundling";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { requiredName, yuanRules } from "../catalog/rules.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import BundlingGoodsField, { type BundlingGoodsRow } from "./BundlingGoodsField.tsx";

interface BundlingValues {
  bl_name: string;
  bl_price: string;
  window: [Dayjs, Dayjs];
  goods_list: BundlingGoodsRow[];
}

function initialOf(bundling: StaffBundling | null): Partial<BundlingValues> {
  if (!bundling) return { bl_name: "", bl_price: "", goods_list: [], window: [dayjs().startOf("minute"), dayjs().add(30, "day").endOf("day")] };
  return {
    bl_name: bundling.bl_name,
    bl_price: bundling.bl_price,
    window: [dayjs.unix(bundling.start_time), dayjs.unix(bundling.end_time)],
    goods_list: bundling.bundling_goods.map((goods) => ({ goods_id: goods.goods_id, num: goods.num })),
  };
}

/**
 * Adds or edits a combo (rules as the contract's bundlingFields): 2–10 different physical goods,
 * units of each per package, one package price in yuan (cents on the server, which also checks
 * it splits into whole-cent unit prices), and its dates.
 */
export default function BundlingDrawer({ open, bundling, onClose, onSaved }: { open: boolean; bundling: StaffBundling | null; onClose: () => void; onSaved: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [originalCents, setOriginalCents] = useState(0);

  const save = async (values: BundlingValues) => {
    const body = {
      bl_name: values.bl_name.trim(),
      bl_price: values.bl_price.trim(),
      start_time: values.window[0].unix(),
      end_time: values.window[1].unix(),
      goods_list: values.goods_list,
    };
    const done = bundling ? await call("/shopapi/bundling/edit", { ...body, bl_id: bundling.bl_id }) : await call("/shopapi/bundling/add", body);
    if (!done) return false;
    void message.success(bundling ? `组合套餐「${body.bl_name}」已保存` : `组合套餐「${body.bl_name}」已添加`);
    onSaved();
    return true;
  };

  return (
    <FormDrawer<BundlingValues> title={bundling ? "编辑组合套餐" : "添加组合套餐"} open={open} initialValues={initialOf(bundling)} onClose={onClose} onSubmit={save} width={720}>
      <Form.Item name="bl_name" label="套餐名称" rules={requiredName("套餐名称", 30)}>
        <Input maxLength={30} showCount autoFocus placeholder="如：夏日清凉组合" />
      </Form.Item>
      <Form.Item
        name="goods_list"
        label="套餐商品"
        extra={`${BUNDLING_MIN_GOODS}–${BUNDLING_MAX_GOODS} 种实物商品，每种每套 1–${BUNDLING_MAX_NUM} 件；买家下单时可为每种商品选规格`}
        rules={[
          {
            validator: async (_rule, rows?: BundlingGoodsRow[]) => {
              const count = rows?.length ?? 0;
              if (count < BUNDLING_MIN_GOODS) throw new Error(`套餐至少包含 ${BUNDLING_MIN_GOODS} 种商品`);
              if (count > BUNDLING_MAX_GOODS) throw new Error(`套餐最多包含 ${BUNDLING_MAX_GOODS} 种商品`);
            },
          },
        ]}
      >
        <BundlingGoodsField onOriginalTotal={setOriginalCents} />
      </Form.Item>
      <Form.Item
        name="bl_price"
        label="套餐价"
        extra={originalCents > 0 ? `单独购买合计 ¥${(originalCents / 100).toFixed(2)}` : "一套的价格"}
        rules={[...yuanRules("套餐价"), { validator: async (_rule, value?: string) => { if (value && Number(value) < 0.01) throw new Error("套餐价须大于 0"); } }]}
      >
        <Input prefix="¥" style={{ width: 200 }} />
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
