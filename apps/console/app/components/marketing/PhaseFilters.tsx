import { Button, Form, Input, Select } from "antd";
import { PHASE_OPTIONS, type PhaseFilter } from "./phases.ts";

/**
 * The filters of a promotion list (秒杀, 拼团): a name and the phase (未开始/进行中/已结束/已关闭).
 * Shown from the URL's values; 查询 writes them back to the URL (all phases → no filter).
 */
export default function PhaseFilters({ keyword, status, onSearch }: { keyword: string; status: PhaseFilter; onSearch(filters: { keyword: string; status: string }): void }) {
  return (
    <Form
      layout="inline"
      key={`${keyword}|${status}`}
      initialValues={{ keyword, status }}
      onFinish={(values: { keyword?: string; status?: PhaseFilter }) => onSearch({ keyword: (values.keyword ?? "").trim(), status: values.status === "all" ? "" : (values.status ?? "") })}
    >
      <Form.Item name="keyword" label="活动或商品名称">
        <Input placeholder="搜索名称" allowClear maxLength={30} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select options={PHASE_OPTIONS} style={{ width: 120 }} aria-label="状态" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}
