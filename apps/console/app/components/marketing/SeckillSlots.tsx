import { useState } from "react";
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag } from "antd";
import type { StaffSeckillSlot } from "@shop/contract";
import FormDrawer from "../catalog/FormDrawer.tsx";
import { requiredName, sortRules } from "../catalog/rules.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { DAY_TIME_PATTERN, dayTimeOfSeconds, secondsOfDayTime } from "./day-time.ts";

interface SlotValues {
  name: string;
  start: string;
  end: string;
  status: boolean;
  sort: number;
}

const timeRules = (label: string) => [
  { required: true, message: `请填写${label}` },
  { pattern: DAY_TIME_PATTERN, message: `${label}须为 00:00–24:00 的时刻，如 10:00` },
];

/** 秒杀场次: the day's slots (add, edit, delete; a slot a running seckill uses cannot be deleted). */
export default function SeckillSlots({ slots, loading, onChanged }: { slots: StaffSeckillSlot[]; loading: boolean; onChanged: () => void }) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<StaffSeckillSlot | "new" | null>(null);

  const save = async (values: SlotValues) => {
    const body = { name: values.name.trim(), seckill_start_time: secondsOfDayTime(values.start), seckill_end_time: secondsOfDayTime(values.end), status: values.status ? 1 : 0, sort: values.sort ?? 0 };
    const done = editing && editing !== "new" ? await call("/shopapi/seckill/timeedit", { ...body, id: editing.id }) : await call("/shopapi/seckill/timeadd", body);
    if (!done) return false;
    void message.success(editing === "new" ? `场次「${body.name}」已添加` : "场次已保存");
    onChanged();
    return true;
  };
  const remove = async (slot: StaffSeckillSlot) => {
    if (await call("/shopapi/seckill/timedelete", { id: slot.id })) {
      void message.success(`已删除场次「${slot.name}」`);
      onChanged();
    }
  };

  const initial: Partial<SlotValues> =
    editing && editing !== "new"
      ? { name: editing.name, start: dayTimeOfSeconds(editing.seckill_start_time), end: dayTimeOfSeconds(editing.seckill_end_time), status: editing.status === 1, sort: editing.sort }
      : { name: "", start: "", end: "", status: true, sort: 0 };

  return (
    <Card title="秒杀场次" size="small" extra={<Button onClick={() => setEditing("new")}>添加场次</Button>} style={{ marginBottom: 24 }}>
      <Table<StaffSeckillSlot>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={slots}
        pagination={false}
        locale={{ emptyText: "还没有场次" }}
        columns={[
          { title: "场次", dataIndex: "name" },
          { title: "时间", key: "time", render: (_, slot) => `${slot.start_time_text} – ${slot.end_time_text}` },
          { title: "今日状态", dataIndex: "state_name", render: (name: string, slot) => <Space>{name}{slot.status === 0 && <Tag>已隐藏</Tag>}</Space> },
          { title: "进行中的活动", dataIndex: "seckill_count", align: "right" },
          {
            title: "操作",
            key: "actions",
            width: 140,
            render: (_, slot) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(slot)}>
                  编辑
                </Button>
                <Popconfirm title={`删除场次「${slot.name}」？`} description="删除后不可恢复；有活动在用的场次不能删除" onConfirm={() => remove(slot)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer<SlotValues> title={editing === "new" ? "添加场次" : "编辑场次"} open={editing !== null} initialValues={initial} onClose={() => setEditing(null)} onSubmit={save}>
        <Form.Item name="name" label="场次名称" rules={requiredName("场次名称", 20)}>
          <Input maxLength={20} showCount autoFocus placeholder="如：上午场" />
        </Form.Item>
        <Space size="large">
          <Form.Item name="start" label="开始时间" rules={timeRules("开始时间")}>
            <Input placeholder="10:00" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="end"
            label="结束时间"
            dependencies={["start"]}
            rules={[
              ...timeRules("结束时间"),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string) => {
                  const start = String(getFieldValue("start") ?? "");
                  if (DAY_TIME_PATTERN.test(start) && DAY_TIME_PATTERN.test(value ?? "") && secondsOfDayTime(value) <= secondsOfDayTime(start)) throw new Error("结束时间须晚于开始时间");
                },
              }),
            ]}
          >
            <Input placeholder="12:00" style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Space size="large">
          <Form.Item name="status" label="显示" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={sortRules}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
      </FormDrawer>
    </Card>
  );
}
