import { useCallback, useEffect, useState } from "react";
import { App, Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Spin, Switch, Table, Tag, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { FREIGHT_FEE_TYPES, type AdminFreightRule, type AdminFreightTemplate } from "@shop/contract/domains/admin-catalog";
import FormDrawer from "./FormDrawer.tsx";
import { useProvinces } from "./RegionCascader.tsx";
import { requiredName, yuanRules } from "./rules.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

interface RuleValues {
  region_ids: number[];
  first_unit: number;
  first_fee: string;
  continue_unit: number;
  continue_fee: string;
}

interface TemplateValues {
  template_name: string;
  fee_type: number;
  is_default: boolean;
  items: RuleValues[];
}

const unitsOf = (feeType: number) => (feeType === FREIGHT_FEE_TYPES.weight ? { first: "首重（克）", next: "续重（克）", unit: "克" } : { first: "首件（件）", next: "续件（件）", unit: "件" });

const EMPTY: TemplateValues = {
  template_name: "",
  fee_type: FREIGHT_FEE_TYPES.count,
  is_default: false,
  items: [{ region_ids: [], first_unit: 1, first_fee: "10.00", continue_unit: 1, continue_fee: "5.00" }],
};

const describeRule = (rule: AdminFreightRule, feeType: number) => {
  const { unit } = unitsOf(feeType);
  return `${rule.first_unit}${unit}内 ¥${rule.first_fee}` + (rule.continue_unit > 0 ? `，每增加 ${rule.continue_unit}${unit} 加 ¥${rule.continue_fee}` : "");
};

/**
 * Freight templates (运费模板): checkout charges each goods by its own template, else the default
 * one — the rule of the address' province, else the 其余地区 rule; no rule means no delivery there.
 */
export default function FreightTemplates() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const provinces = useProvinces();
  const [templates, setTemplates] = useState<AdminFreightTemplate[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<AdminFreightTemplate | "new" | null>(null);

  const load = useCallback(async () => {
    const list = await call("/shopapi/express/template", {});
    setLoading(false);
    if (list) setTemplates(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: TemplateValues) => {
    const body = {
      template_name: values.template_name,
      fee_type: values.fee_type,
      is_default: values.is_default ? 1 : 0,
      items: values.items.map((item) => ({ ...item, region_ids: item.region_ids ?? [], continue_unit: item.continue_unit ?? 0, continue_fee: item.continue_fee || "0" })),
    };
    const done = editing && editing !== "new" ? await call("/shopapi/express/edittemplate", { template_id: editing.template_id, ...body }) : await call("/shopapi/express/addtemplate", body);
    if (!done) return false;
    void message.success(editing === "new" ? `运费模板「${values.template_name}」已添加` : "运费模板已保存");
    void load();
    return true;
  };
  const makeDefault = async (template: AdminFreightTemplate) => {
    if (await call("/shopapi/express/defaulttemplate", { template_id: template.template_id })) {
      void message.success(`「${template.template_name}」已设为默认运费模板`);
      void load();
    }
  };
  const remove = async (template: AdminFreightTemplate) => {
    if (await call("/shopapi/express/deletetemplate", { template_id: template.template_id })) {
      void message.success(`已删除运费模板「${template.template_name}」`);
      void load();
    }
  };

  const provinceOptions = provinces.map((province) => ({ value: province.id, label: province.name }));

  return (
    <>
      <Space style={{ marginBottom: 12, width: "100%", justifyContent: "space-between" }}>
        <Typography.Text type="secondary">商品按编辑时选的运费模板计费，没选的按默认模板：先找收货省份的规则，没有则用“其余地区”；都没有则不配送该省份。包邮商品不计运费。</Typography.Text>
        <Button type="primary" onClick={() => setEditing("new")}>
          添加运费模板
        </Button>
      </Space>
      {loading ? (
        <Spin />
      ) : templates.length === 0 ? (
        <Empty description="还没有运费模板，结算时快递免运费" />
      ) : (
        <Space orientation="vertical" style={{ width: "100%" }}>
          {templates.map((template) => (
            <Card
              key={template.template_id}
              size="small"
              title={
                <Space>
                  {template.template_name}
                  <Tag>{template.fee_type === FREIGHT_FEE_TYPES.weight ? "按重量" : "按件数"}</Tag>
                  {template.is_default === 1 && <Tag color="blue">默认</Tag>}
                </Space>
              }
              extra={
                <Space>
                  {template.is_default !== 1 && (
                    <Button type="link" size="small" onClick={() => void makeDefault(template)}>
                      设为默认
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={() => setEditing(template)}>
                    编辑
                  </Button>
                  <Popconfirm title={`删除运费模板「${template.template_name}」？`} description="使用它的商品须先换模板；默认模板须先把别的模板设为默认" onConfirm={() => remove(template)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              }
            >
              <Table<AdminFreightRule>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={template.items}
                columns={[
                  { title: "配送地区", dataIndex: "region_names" },
                  { title: "运费", key: "fee", render: (_, rule) => describeRule(rule, template.fee_type) },
                ]}
              />
            </Card>
          ))}
        </Space>
      )}
      <FormDrawer<TemplateValues>
        title={editing === "new" ? "添加运费模板" : "编辑运费模板"}
        open={editing !== null}
        initialValues={editing && editing !== "new" ? { ...editing, is_default: editing.is_default === 1 } : EMPTY}
        onClose={() => setEditing(null)}
        onSubmit={save}
        width={760}
      >
        {(form) => (
          <>
            <Form.Item name="template_name" label="模板名称" rules={requiredName("模板名称", 50)}>
              <Input maxLength={50} autoFocus />
            </Form.Item>
            <Space size="large">
              <Form.Item name="fee_type" label="计费方式">
                <Radio.Group options={[{ value: FREIGHT_FEE_TYPES.count, label: "按件数" }, { value: FREIGHT_FEE_TYPES.weight, label: "按重量（克）" }]} />
              </Form.Item>
              <Form.Item name="is_default" label="设为默认模板" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.Item noStyle shouldUpdate={(before, after) => before.fee_type !== after.fee_type}>
              {() => {
                const labels = unitsOf(Number(form.getFieldValue("fee_type")));
                return (
                  <Form.List
                    name="items"
                    rules={[{ validator: (_, items?: RuleValues[]) => (items?.length ? Promise.resolve() : Promise.reject(new Error("至少需要一条运费规则"))) }]}
                  >
                    {(fields, { add, remove }, { errors }) => (
                      <>
                        {fields.map((field, index) => (
                          <Card key={field.key} size="small" style={{ marginBottom: 8 }} title={`规则 ${index + 1}`} extra={fields.length > 1 && <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除规则 ${index + 1}`} onClick={() => remove(field.name)} />}>
                            <Form.Item name={[field.name, "region_ids"]} label="配送省份" extra="不选则为“其余地区”（只能有一条）">
                              <Select mode="multiple" options={provinceOptions} placeholder="其余地区" optionFilterProp="label" allowClear aria-label={`规则 ${index + 1} 的配送省份`} />
                            </Form.Item>
                            <Space wrap>
                              <Form.Item name={[field.name, "first_unit"]} label={labels.first} rules={[{ required: true, type: "integer", min: 1, message: "须为不小于 1 的整数" }]}>
                                <InputNumber min={1} precision={0} />
                              </Form.Item>
                              <Form.Item name={[field.name, "first_fee"]} label="首费（元）" rules={yuanRules("首费")}>
                                <Input style={{ width: 110 }} />
                              </Form.Item>
                              <Form.Item name={[field.name, "continue_unit"]} label={labels.next} rules={[{ type: "integer", min: 0, message: "须为不小于 0 的整数" }]}>
                                <InputNumber min={0} precision={0} />
                              </Form.Item>
                              <Form.Item name={[field.name, "continue_fee"]} label="续费（元）" rules={yuanRules("续费")}>
                                <Input style={{ width: 110 }} />
                              </Form.Item>
                            </Space>
                          </Card>
                        ))}
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ region_ids: [], first_unit: 1, first_fee: "10.00", continue_unit: 1, continue_fee: "5.00" })} block>
                          添加规则
                        </Button>
                        <Form.ErrorList errors={errors} />
                      </>
                    )}
                  </Form.List>
                );
              }}
            </Form.Item>
          </>
        )}
      </FormDrawer>
    </>
  );
}
