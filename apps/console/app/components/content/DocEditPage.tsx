import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { App, Button, Card, Form, Input, InputNumber, Select, Skeleton, Space, Switch } from "antd";
import { articleFields, helpFields, noticeFields } from "@shop/contract/domains/admin-content-docs";
import ConsolePage from "../ConsolePage.tsx";
import ImageField from "../ImageField.tsx";
import { fieldRule } from "../settings/zod-rule.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import type { DocKindSpec } from "./doc-kinds.ts";
import { useDocGroups } from "./DocListPage.tsx";
import { untypedCall } from "./staff-call-any.ts";

/** The editor's code (wangEditor, ~1 MB) comes with this page, not with the console. */
const RichTextEditor = lazy(() => import("../RichTextEditor.tsx"));

function RichTextField({ value, onChange, label }: { value?: string; onChange?: (html: string) => void; label: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor kind="content" value={value ?? ""} onChange={(html) => onChange?.(html)} label={label} />
    </Suspense>
  );
}

type Values = Record<string, unknown>;

/** The zod schema of each kind: the form checks its fields with the server's own rules. */
const SCHEMAS = { article: articleFields, notice: noticeFields, help: helpFields } as const;

/**
 * Adds or edits an article, a notice or a help entry (one editor for the three, `spec` says which):
 * title, group, the kind's own fields, rich text with pictures, sort. Saved, it returns to the list.
 */
export default function DocEditPage({ spec, idParam }: { spec: DocKindSpec; idParam: string }) {
  const call = untypedCall(useStaffCall());
  const navigate = useNavigate();
  const { message } = App.useApp();
  const params = useParams();
  const id = Number(params[idParam]) || 0;
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(id > 0);
  const [saving, setSaving] = useState(false);
  const { groups } = useDocGroups(spec);
  const schema = SCHEMAS[spec.kind];
  const rule = (field: string, label: string) => fieldRule(schema, field as never, label);

  useEffect(() => {
    if (!id) return;
    void call<Values>(spec.calls.info, { [spec.idField]: id }).then((doc) => {
      setLoading(false);
      if (doc) form.setFieldsValue({ ...doc, is_top: doc.is_top === 1 });
    });
  }, [call, id, spec, form]);

  const save = async (values: Values) => {
    setSaving(true);
    const body = { ...values, ...(spec.kind === "notice" ? { is_top: values.is_top ? 1 : 0 } : {}), ...(id ? { [spec.idField]: id } : {}) };
    const done = await call(id ? spec.calls.edit : spec.calls.add, body);
    setSaving(false);
    if (done === undefined) return;
    void message.success(id ? `${spec.noun}已保存` : `${spec.noun}已发布`);
    void navigate(spec.listPath);
  };

  const title = `${id ? "编辑" : "添加"}${spec.noun}`;
  return (
    <ConsolePage title={title}>
      <Card loading={loading}>
        <Form<Values>
          form={form}
          layout="vertical"
          aria-label={title}
          initialValues={{ sort: 0, is_top: false, [spec.contentField]: "" }}
          onFinish={(values) => void save(values)}
          style={{ maxWidth: 960 }}
        >
          <Form.Item name={spec.titleField} label={`${spec.noun}标题`} validateFirst rules={[{ required: true, whitespace: true, message: `请填写${spec.noun}标题` }, rule(spec.titleField, `${spec.noun}标题`)]}>
            <Input maxLength={100} showCount autoFocus />
          </Form.Item>
          {spec.group && (
            <Form.Item name={spec.group.field} label={spec.group.label} rules={[{ required: true, message: `请选择${spec.group.label}` }]}>
              <Select style={{ maxWidth: 320 }} placeholder="请选择" options={groups.map((group) => ({ value: group.id, label: group.name }))} />
            </Form.Item>
          )}
          {spec.kind === "article" && (
            <>
              <Form.Item name="article_abstract" label="文章摘要" rules={[rule("article_abstract", "文章摘要")]}>
                <Input.TextArea rows={2} maxLength={300} showCount />
              </Form.Item>
              <Form.Item name="cover_img" label="封面图片">
                <ImageField kind="content" aria-label="上传封面图片" />
              </Form.Item>
            </>
          )}
          {spec.kind === "help" && (
            <Form.Item name="link_address" label="链接地址" extra="填写后，页脚的帮助链接直接打开此地址（站内路径以 / 开头，或 http(s) 网址）" rules={[rule("link_address", "链接地址")]}>
              <Input maxLength={500} placeholder="/goods/list 或 https://…" />
            </Form.Item>
          )}
          <Form.Item name={spec.contentField} label={`${spec.noun}内容`} rules={[rule(spec.contentField, `${spec.noun}内容`)]}>
            <RichTextField label={`${spec.noun}内容`} />
          </Form.Item>
          <Space size="large">
            {spec.kind === "notice" && (
              <Form.Item name="is_top" label="置顶" valuePropName="checked">
                <Switch />
              </Form.Item>
            )}
            <Form.Item name="sort" label="排序（小的在前）" rules={[rule("sort", "排序")]}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Space>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Button onClick={() => void navigate(spec.listPath)}>返回列表</Button>
          </Space>
        </Form>
      </Card>
    </ConsolePage>
  );
}
