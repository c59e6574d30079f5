import { Card, Form, Input, Select, Switch } from "antd";
import { FLOOR_STYLES, type FloorBlockSpec, type StaffFloor } from "@shop/contract/domains/admin-content";
import { link, color, optionalText } from "@shop/contract/domains/admin-content-fields";
import ImageField from "../ImageField.tsx";
import { zodRule } from "../settings/zod-rule.ts";
import { CategoryPicker, GoodsPicker } from "./pickers.tsx";

/**
 * The floor editor's form: a style of the storefront (FLOOR_STYLES) and the blocks it has —
 * texts with their link and colour, pictures with their link, goods and categories picked from the
 * catalogue. Form values hold blocks by name (`blocks.title.text` …); floorBody turns them into the
 * call's {type, value} blocks.
 */
export interface FloorValues {
  block_name: string;
  title: string;
  state: boolean;
  blocks: Record<string, Record<string, unknown>>;
}

/** A stored link ('{"url":"…"}') as the plain text the form edits. */
export function plainLink(stored: unknown): string {
  const text = typeof stored === "string" ? stored.trim() : "";
  if (!text.startsWith("{")) return text;
  try {
    const parsed = JSON.parse(text) as { url?: unknown };
    return typeof parsed.url === "string" ? parsed.url : "";
  } catch {
    return "";
  }
}

export function floorValues(floor: StaffFloor | null): Partial<FloorValues> {
  if (!floor) return { block_name: "floor-style-1", title: "", state: true, blocks: {} };
  const blocks: FloorValues["blocks"] = {};
  for (const [name, block] of Object.entries(floor.value)) {
    const value = block.value as Record<string, unknown>;
    blocks[name] = "link" in value ? { ...value, link: plainLink(value.link) } : value;
  }
  return { block_name: floor.block_name, title: floor.title, state: floor.state === 1, blocks };
}

export function floorBody(values: FloorValues) {
  const style = FLOOR_STYLES[values.block_name];
  const value: Record<string, { type: string; value: Record<string, unknown> }> = {};
  for (const [name, spec] of Object.entries(style?.blocks ?? {})) {
    const block = values.blocks?.[name] ?? {};
    value[name] = {
      type: spec.type,
      value:
        spec.type === "text"
          ? { text: block.text ?? "", link: block.link ?? "", color: block.color ?? "" }
          : spec.type === "img"
            ? { url: block.url ?? "", link: block.link ?? "" }
            : spec.type === "goods"
              ? { goods_ids: block.goods_ids ?? [] }
              : { category_ids: block.category_ids ?? [] },
    };
  }
  return { block_name: values.block_name, title: values.title, state: values.state ? 1 : 0, value };
}

const LINK_HELP = "站内路径以 / 开头，或 http(s) 网址；留空不跳转";

function BlockFields({ name, spec }: { name: string; spec: FloorBlockSpec }) {
  const path = (field: string) => ["blocks", name, field];
  switch (spec.type) {
    case "text":
      return (
        <>
          <Form.Item name={path("text")} label="文字" rules={[zodRule(optionalText(spec.label, 50), spec.label)]}>
            <Input maxLength={50} aria-label={`${spec.label}文字`} />
          </Form.Item>
          <Form.Item name={path("link")} label="链接" extra={LINK_HELP} rules={[zodRule(link(`${spec.label}链接`), `${spec.label}链接`)]}>
            <Input maxLength={500} aria-label={`${spec.label}链接`} />
          </Form.Item>
          <Form.Item name={path("color")} label="颜色" rules={[zodRule(color(`${spec.label}颜色`), `${spec.label}颜色`)]}>
            <Input maxLength={7} placeholder="#333333" style={{ width: 140 }} aria-label={`${spec.label}颜色`} />
          </Form.Item>
        </>
      );
    case "img":
      return (
        <>
          <Form.Item name={path("url")} label="图片">
            <ImageField kind="content" aria-label={`上传${spec.label}`} />
          </Form.Item>
          <Form.Item name={path("link")} label="链接" extra={LINK_HELP} rules={[zodRule(link(`${spec.label}链接`), `${spec.label}链接`)]}>
            <Input maxLength={500} aria-label={`${spec.label}链接`} />
          </Form.Item>
        </>
      );
    case "goods":
      return (
        <Form.Item name={path("goods_ids")} label={`商品（最多 ${spec.max ?? 0} 个，按选择顺序展示）`}>
          <GoodsPicker max={spec.max} label={spec.label} />
        </Form.Item>
      );
    case "category":
      return (
        <Form.Item name={path("category_ids")} label={`分类（最多 ${spec.max ?? 0} 个）`}>
          <CategoryPicker max={spec.max} label={spec.label} />
        </Form.Item>
      );
  }
}

/** The fields of the form (inside FormDrawer): the blocks follow the chosen style. */
export default function FloorFields() {
  const styleName = Form.useWatch<string>("block_name") ?? "floor-style-1";
  const style = FLOOR_STYLES[styleName];
  return (
    <>
      <Form.Item name="block_name" label="楼层样式" rules={[{ required: true, message: "请选择楼层样式" }]}>
        <Select options={Object.entries(FLOOR_STYLES).map(([value, { title }]) => ({ value, label: `${title}（${value}）` }))} style={{ maxWidth: 280 }} />
      </Form.Item>
      <Form.Item name="title" label="楼层名称" extra="标题区块留空时，楼层显示此名称" validateFirst rules={[{ required: true, whitespace: true, message: "请填写楼层名称" }, { max: 50, message: "楼层名称不能超过 50 个字" }]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="state" label="显示" valuePropName="checked">
        <Switch />
      </Form.Item>
      {Object.entries(style?.blocks ?? {}).map(([name, spec]) => (
        <Card key={`${styleName}:${name}`} size="small" title={spec.label} style={{ marginBottom: 12 }}>
          <BlockFields name={name} spec={spec} />
        </Card>
      ))}
    </>
  );
}
