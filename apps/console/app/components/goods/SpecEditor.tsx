import { useState } from "react";
import { Button, Input, InputNumber, Radio, Select, Space, Table, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { MAX_SPECS, MAX_SPEC_VALUES } from "@shop/contract/domains/goods-admin";
import { BATCH_FIELDS, combineRows, fillRows, nextId, type BatchField, type SkuRow, type Spec } from "./sku-model.ts";

const FIELD_LABELS: Record<BatchField, string> = {
  price: "销售价(元)", market_price: "划线价(元)", cost_price: "成本价(元)", stock: "库存", stock_alarm: "库存预警", weight: "重量(kg)", volume: "体积(m³)",
};

/**
 * Specs (up to three, each with its values) and the SKU table they generate, with a batch fill
 * of prices, stock, weight and volume. Goods without specs have one row, "默认规格".
 */
export default function SpecEditor({ specs, rows, onChange }: { specs: Spec[]; rows: SkuRow[]; onChange: (specs: Spec[], rows: SkuRow[]) => void }) {
  const [batchField, setBatchField] = useState<BatchField>("price");
  const [batchValue, setBatchValue] = useState("");

  const setSpecs = (next: Spec[]) => onChange(next, combineRows(next, rows));
  const setRow = (key: string, patch: Partial<SkuRow>) => onChange(specs, rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const setDefault = (key: string) => onChange(specs, rows.map((row) => ({ ...row, is_default: row.key === key ? 1 : 0 })));

  const addSpec = () => setSpecs([...specs, { spec_id: nextId(specs), spec_name: "", values: [] }]);
  const renameSpec = (specId: number, name: string) => setSpecs(specs.map((spec) => (spec.spec_id === specId ? { ...spec, spec_name: name } : spec)));
  const removeSpec = (specId: number) => setSpecs(specs.filter((spec) => spec.spec_id !== specId));
  const setValues = (spec: Spec, names: string[]) => {
    let id = nextId(specs);
    const values = [...new Set(names.map((name) => name.trim()).filter(Boolean))].slice(0, MAX_SPEC_VALUES).map(
      (name) => spec.values.find((value) => value.spec_value_name === name) ?? { spec_value_id: id++, spec_value_name: name },
    );
    setSpecs(specs.map((candidate) => (candidate.spec_id === spec.spec_id ? { ...spec, values } : candidate)));
  };

  const money = (row: SkuRow, field: "price" | "market_price" | "cost_price" | "weight" | "volume", label: string) => (
    <Input value={row[field]} onChange={(event) => setRow(row.key, { [field]: event.target.value })} aria-label={`${rowName(row)} ${label}`} style={{ width: 96 }} />
  );
  const count = (row: SkuRow, field: "stock" | "stock_alarm", label: string) => (
    <InputNumber min={0} precision={0} value={row[field]} onChange={(value) => setRow(row.key, { [field]: value })} aria-label={`${rowName(row)} ${label}`} style={{ width: 90 }} />
  );

  return (
    <div className="spec-editor">
      {specs.map((spec, index) => (
        <Space key={spec.spec_id} align="start" style={{ display: "flex", marginBottom: 12 }} wrap>
          <Input
            value={spec.spec_name}
            placeholder="规格名，如 颜色"
            maxLength={20}
            onChange={(event) => renameSpec(spec.spec_id, event.target.value)}
            aria-label={`规格${index + 1} 名称`}
            style={{ width: 160 }}
          />
          <Select
            mode="tags"
            value={spec.values.map((value) => value.spec_value_name)}
            onChange={(names: string[]) => setValues(spec, names)}
            placeholder="输入规格值后回车，如 红色"
            aria-label={`规格${index + 1} 的规格值`}
            style={{ minWidth: 360 }}
            open={false}
            tokenSeparators={[",", "，"]}
          />
          <Button icon={<DeleteOutlined />} onClick={() => removeSpec(spec.spec_id)} aria-label={`删除规格${index + 1}`} />
        </Space>
      ))}
      {specs.length < MAX_SPECS && (
        <Button icon={<PlusOutlined />} onClick={addSpec} style={{ marginBottom: 16 }}>
          添加规格（最多 {MAX_SPECS} 个）
        </Button>
      )}

      <Space wrap style={{ display: "flex", marginBottom: 12 }}>
        <Typography.Text>批量设置</Typography.Text>
        <Select value={batchField} onChange={setBatchField} options={BATCH_FIELDS.map((field) => ({ value: field, label: FIELD_LABELS[field] }))} aria-label="批量设置的字段" style={{ width: 130 }} />
        <Input value={batchValue} onChange={(event) => setBatchValue(event.target.value)} aria-label="批量设置的值" style={{ width: 120 }} />
        <Button onClick={() => onChange(specs, fillRows(rows, batchField, batchValue))} disabled={batchValue.trim() === ""}>
          应用到全部 SKU
        </Button>
      </Space>

      <Table<SkuRow>
        rowKey="key"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows}
        columns={[
          { title: "规格", key: "spec", width: 120, render: (_, row) => <span style={{ whiteSpace: "nowrap" }}>{rowName(row)}</span> },
          { title: "销售价(元)", key: "price", render: (_, row) => money(row, "price", "销售价") },
          { title: "划线价(元)", key: "market_price", render: (_, row) => money(row, "market_price", "划线价") },
          { title: "成本价(元)", key: "cost_price", render: (_, row) => money(row, "cost_price", "成本价") },
          { title: "库存", key: "stock", render: (_, row) => count(row, "stock", "库存") },
          { title: "库存预警", key: "stock_alarm", render: (_, row) => count(row, "stock_alarm", "库存预警") },
          {
            title: "SKU 编码",
            key: "sku_no",
            render: (_, row) => <Input value={row.sku_no} maxLength={50} onChange={(event) => setRow(row.key, { sku_no: event.target.value })} aria-label={`${rowName(row)} SKU 编码`} style={{ width: 120 }} />,
          },
          { title: "重量(kg)", key: "weight", render: (_, row) => money(row, "weight", "重量") },
          { title: "体积(m³)", key: "volume", render: (_, row) => money(row, "volume", "体积") },
          {
            title: "默认",
            key: "is_default",
            render: (_, row) => <Radio checked={row.is_default === 1} onChange={() => setDefault(row.key)} aria-label={`${rowName(row)} 设为默认规格`} />,
          },
        ]}
      />
    </div>
  );
}

export const rowName = (row: SkuRow) => row.values.map(({ value }) => value.spec_value_name).join(" ") || "默认规格";
