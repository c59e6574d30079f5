import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
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
  | { kind: "days"; label: string }
  /** a calendar month, YYYY-MM in the URL */
  | { kind: "month"; name: string; label: string; placeholder?: string };

/** The form's name of the day range (the URL holds start_date and end_date). */
const RANGE = "range";
const fieldName = (field: FilterField) => (field.kind === "days" ? RANGE : field.name);

export default function ListFilters(props: {
  fields: FilterField[];
  filters: Record<string, string>;
  onSearch(filters: Record<string, string>): void;
  /** the form's accessible name (e.g. 筛选充值记录), where a page has more than one list */
  label?: string;
}) {
  const { fields, filters, onSearch, label } = props;
  const initial = Object.fromEntries(fields.map((field) => [fieldName(field), initialValue(field, filters)]));
  const urlFilters = (values: Record<string, unknown>): Record<string, string> =>
    Object.assign(
      {},
      ...fields.map((field) =>
        field.kind === "days"
          ? dayRangeFilters(values[RANGE] as Parameters<typeof dayRangeFilters>[0])
          : { [field.name]: urlValue(field, values[field.name]) },
      ),
    );
  return (
    <Form layout="inline" aria-label={label} key={JSON.stringify(filters)} initialValues={initial} style={{ rowGap: 8 }} onFinish={(values: Record<string, unknown>) => onSearch(urlFilters(values))}>
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
          ) : field.kind === "month" ? (
            <DatePicker picker="month" placeholder={field.placeholder ?? "全部月份"} aria-label={field.label} />
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

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What a field shows of the URL's filters (a month the URL holds badly shows as none). */
function initialValue(field: FilterField, filters: Record<string, string>): unknown {
  if (field.kind === "days") return dayRangeValue(filters.start_date, filters.end_date);
  if (field.kind === "text") return filters[field.name] ?? "";
  if (field.kind === "month") return MONTH.test(filters[field.name] ?? "") ? dayjs(`${filters[field.name]}-01`) : null;
  // An empty value is no choice: the drop-down shows its placeholder (全部), not a blank.
  return filters[field.name] || undefined;
}

/** A text or drop-down or month field's value as the URL holds it. */
function urlValue(field: Exclude<FilterField, { kind: "days" }>, value: unknown): string {
  if (field.kind === "text") return String(value ?? "").trim();
  if (field.kind === "month") return value ? (value as Dayjs).format("YYYY-MM") : "";
  return String(value ?? "");
}

/** The URL's month filter, or "" when absent or not a month. */
export const monthFilter = (value: string | undefined): string => (MONTH.test(value ?? "") ? value! : "");
