import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import type { ReactNode } from "react";
import { dayRangeFilters, dayRangeValue } from "./aftersale/shop-days.ts";

/**
 * The filter form of a list page whose filters live in the URL (lib/use-list-query.ts): text boxes,
 * drop-downs and a day range (the URL's start_date / end_date, shop days), described as data. It
 * shows the URL's values; 查询 writes the form back (text trimmed, an emptied field removed), 重置
 * clears this form's filters and keeps the page's others (a status tab, 待处理).
 */
export type FilterField =
  | { kind: "text"; name: string; label: string; width: number; maxLength: number; placeholder?: string }
  | { kind: "select"; name: string; label: string; width: number; options: ReadonlyArray<{ value: string; label: ReactNode }>; placeholder?: string; searchable?: boolean }
  | { kind: "days"; label: string };

/** The form's name of the day range (the URL holds start_date and end_date). */
const RANGE = "range";
const fieldName = (field: FilterField) => (field.kind === "days" ? RANGE : field.name);

export default function ListFilters(props: { fields: FilterField[]; filters: Record<string, string>; onSearch(filters: Record<string, string>): void }) {
  const { fields, filters, onSearch } = props;
  const initial = Object.fromEntries(
    fields.map((field) => [fieldName(field), field.kind === "days" ? dayRangeValue(filters.start_date, filters.end_date) : field.kind === "text" ? (filters[field.name] ?? "") : filters[field.name]]),
  );
  const urlFilters = (values: Record<string, unknown>): Record<string, string> =>
    Object.assign(
      {},
      ...fields.map((field) =>
        field.kind === "days"
          ? dayRangeFilters(values[RANGE] as Parameters<typeof dayRangeFilters>[0])
          : { [field.name]: field.kind === "text" ? String(values[field.name] ?? "").trim() : String(values[field.name] ?? "") },
      ),
    );
  return (
    <Form layout="inline" key={JSON.stringify(filters)} initialValues={initial} style={{ rowGap: 8 }} onFinish={(values: Record<string, unknown>) => onSearch(urlFilters(values))}>
      {fields.map((field) => (
        <Form.Item key={fieldName(field)} name={fieldName(field)} label={field.label}>
          {field.kind === "text" ? (
            <Input allowClear maxLength={field.maxLength} placeholder={field.placeholder} style={{ width: field.width }} />
          ) : field.kind === "select" ? (
            <Select
              allowClear
              placeholder={field.placeholder ?? "全部"}
              showSearch={field.searchable ? { optionFilterProp: "label" } : undefined}
              options={field.options as Array<{ value: string; label: ReactNode }>}
              style={{ width: field.width }}
              aria-label={field.label}
            />
          ) : (
            <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={["开始日期", "结束日期"]} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => onSearch(urlFilters({}))}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
