import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { App, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch } from "antd";
import type { StaffGoodsInfo } from "@shop/contract/domains/goods-admin";
import { MAX_GOODS_PICTURES } from "@shop/contract/domains/goods-admin";
import CheckboxGroupField from "../../components/CheckboxGroupField.tsx";
import ConsolePage from "../../components/ConsolePage.tsx";
import ImageField from "../../components/ImageField.tsx";
import SpecEditor from "../../components/goods/SpecEditor.tsx";
import RichTextField from "../../components/goods/RichTextField.tsx";
import { BrandPicker, CategoryPicker, useTaxonomyOptions } from "../../components/goods/pickers.tsx";
import { combineRows, fromGoodsInfo, skuTableProblem, specPayload, type SkuRow, type Spec } from "../../components/goods/sku-model.ts";
import { formValuesOf, goodsBody, NEW_GOODS, type GoodsFormValues, type KeptFields } from "../../components/goods/goods-form.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "编辑商品 - 商城管理后台" }];
}

const TRADE_OPTIONS = [
  { value: "express", label: "快递发货" },
  { value: "store", label: "门店自提" },
  { value: "local", label: "同城配送" },
];

/** /goods/add and /goods/edit/:goodsId: the goods form in sections, specs and SKUs beside it. */
export default function GoodsEditPage() {
  const { goodsId } = useParams();
  const editing = Number(goodsId) > 0 ? Number(goodsId) : 0;
  const call = useStaffCall();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<GoodsFormValues>();
  const [specs, setSpecs] = useState<Spec[]>([]);
  const [rows, setRows] = useState<SkuRow[]>(() => combineRows([], []));
  const [kept, setKept] = useState<KeptFields | null>(null);
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(editing > 0);
  const [saving, setSaving] = useState(false);
  const [skuProblem, setSkuProblem] = useState<string | null>(null);
  const goodsClass = Form.useWatch("goods_class", form) ?? 1;
  const tradeTypes = Form.useWatch("support_trade_type", form) ?? [];
  const freeShipping = Form.useWatch("is_free_shipping", form) ?? true;
  const taxonomy = useTaxonomyOptions();

  useEffect(() => {
    if (!editing) return;
    void call("/shopapi/goods/editgetgoodsinfo", { goods_id: editing }).then((info?: StaffGoodsInfo) => {
      setLoading(false);
      if (!info) return;
      const { values, kept: carried } = formValuesOf(info);
      form.setFieldsValue(values);
      const table = fromGoodsInfo(info);
      setSpecs(table.specs);
      setRows(table.rows);
      setKept(carried);
      setVersion(info.version);
    });
  }, [editing, call, form]);

  const save = async (values: GoodsFormValues) => {
    const problem = skuTableProblem(specs, rows);
    setSkuProblem(problem);
    if (problem) {
      void message.error(problem);
      return;
    }
    setSaving(true);
    const body = goodsBody(values, kept, specPayload(specs, rows));
    if (editing) {
      const saved = await call("/shopapi/goods/editgoods", { ...body, goods_id: editing, version });
      setSaving(false);
      if (!saved) return;
      setVersion(saved.version);
      void message.success("商品已保存");
      // New SKUs got their ids: read them back so the next save updates them.
      const info = await call("/shopapi/goods/editgetgoodsinfo", { goods_id: editing });
      if (info) setRows(fromGoodsInfo(info).rows);
    } else {
      const added = await call("/shopapi/goods/addgoods", body);
      setSaving(false);
      if (!added) return;
      void message.success("商品已添加");
      void navigate(`/goods/edit/${added.goods_id}`, { replace: true });
    }
  };

  return (
    <ConsolePage title={editing ? "编辑商品" : "发布商品"} extra={<Link to="/goods">返回商品列表</Link>}>
      <Spin spinning={loading}>
        <Form<GoodsFormValues> form={form} layout="horizontal" labelCol={{ flex: "120px" }} initialValues={NEW_GOODS} onFinish={(values) => void save(values)} scrollToFirstError>
          <Card title="基础信息" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="goods_class" label="商品类型">
              <Radio.Group options={[{ value: 1, label: "实物商品" }, { value: 2, label: "虚拟商品" }]} />
            </Form.Item>
            <Form.Item name="goods_name" label="商品名称" rules={[{ required: true, whitespace: true, message: "请输入商品名称" }, { max: 100, message: "商品名称不能超过 100 个字" }]}>
              <Input maxLength={100} showCount />
            </Form.Item>
            <Form.Item name="introduction" label="促销语" rules={[{ max: 100, message: "促销语不能超过 100 个字" }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="category_id" label="商品分类" rules={[{ required: true, type: "array", min: 1, message: "请选择商品分类" }]}>
              <CategoryPicker />
            </Form.Item>
            <Form.Item name="brand_id" label="品牌">
              <BrandPicker />
            </Form.Item>
            <Form.Item name="label_id" label="商品标签">
              <Select options={[{ value: 0, label: "无" }, ...taxonomy.labels]} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="goods_service_ids" label="商品服务">
              <Checkbox.Group options={taxonomy.services} />
            </Form.Item>
            <Form.Item name="keywords" label="关键词" rules={[{ max: 100, message: "关键词不能超过 100 个字" }]}>
              <Input maxLength={100} placeholder="多个用逗号分隔，搜索时可找到" />
            </Form.Item>
            <Form.Item name="unit" label="单位" rules={[{ max: 10, message: "单位不能超过 10 个字" }]}>
              <Input maxLength={10} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="goods_image"
              label="商品图片"
              extra={`最多 ${MAX_GOODS_PICTURES} 张，第一张为主图`}
              rules={[{ required: true, type: "array", min: 1, message: "请上传商品图片" }]}
            >
              <ImageField kind="goods" max={MAX_GOODS_PICTURES} aria-label="上传商品图片" />
            </Form.Item>
            <Form.Item name="video_url" label="视频地址" rules={[{ pattern: /^(https?:\/\/\S+)?$/, message: "请输入以 http:// 或 https:// 开头的视频地址" }]}>
              <Input maxLength={255} placeholder="https://…（可不填）" />
            </Form.Item>
          </Card>

          <Card title="规格与库存" size="small" style={{ marginBottom: 16 }}>
            <SpecEditor
              specs={specs}
              rows={rows}
              onChange={(nextSpecs, nextRows) => {
                setSpecs(nextSpecs);
                setRows(nextRows);
                if (skuProblem) setSkuProblem(skuTableProblem(nextSpecs, nextRows));
              }}
            />
            {skuProblem && (
              <div role="alert" style={{ color: "#ff4d4f", marginTop: 8 }}>
                {skuProblem}
              </div>
            )}
          </Card>

          <Card title="商品详情" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="goods_content" noStyle>
              <RichTextField label="商品详情" />
            </Form.Item>
          </Card>

          <Card title="配送" size="small" style={{ marginBottom: 16 }}>
            {goodsClass === 2 ? (
              <Form.Item name="virtual_indate" label="有效期(天)" extra="付款后核销码有效的天数，0 为长期有效">
                <InputNumber min={0} max={3650} precision={0} />
              </Form.Item>
            ) : (
              <>
                <Form.Item name="support_trade_type" label="配送方式" rules={[{ required: true, type: "array", min: 1, message: "请至少选择一种配送方式" }]}>
                  <CheckboxGroupField options={TRADE_OPTIONS} />
                </Form.Item>
                {tradeTypes.includes("express") && (
                  <Form.Item name="is_free_shipping" label="快递包邮" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                )}
                {tradeTypes.includes("express") && !freeShipping && (
                  <Form.Item name="shipping_template" label="运费模板" getValueProps={(value: number) => ({ value: value || undefined })} rules={[{ required: true, type: "number", min: 1, message: "请选择运费模板" }]}>
                    <Select options={taxonomy.templates} placeholder="选择运费模板" style={{ width: 220 }} />
                  </Form.Item>
                )}
              </>
            )}
          </Card>

          <Card title="购买限制与其他" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="min_buy" label="起售数量" extra="0 为不限">
              <InputNumber min={0} max={99999} precision={0} />
            </Form.Item>
            <Form.Item
              name="max_buy"
              label="限购数量"
              extra="0 为不限"
              dependencies={["min_buy"]}
              rules={[({ getFieldValue }) => ({ validator: (_, value: number) => (value > 0 && getFieldValue("min_buy") > value ? Promise.reject(new Error("起售数量不能大于限购数量")) : Promise.resolve()) })]}
            >
              <InputNumber min={0} max={99999} precision={0} />
            </Form.Item>
            <Form.Item name="virtual_sale" label="虚拟销量">
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name="is_consume_discount" label="会员折扣" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label="排序" extra="数字越小越靠前">
              <InputNumber min={0} max={99999} precision={0} />
            </Form.Item>
          </Card>

          <Card title="上架" size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="goods_state" label="状态">
              <Radio.Group options={[{ value: 1, label: "立即上架" }, { value: 0, label: "放入仓库" }]} />
            </Form.Item>
            <Form.Item name="timer_on" label="定时上架" extra="到时自动上架（设置后保存时先下架）">
              <DatePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item
              name="timer_off"
              label="定时下架"
              dependencies={["timer_on"]}
              rules={[({ getFieldValue }) => ({ validator: (_, value) => (value && getFieldValue("timer_on") && !value.isAfter(getFieldValue("timer_on")) ? Promise.reject(new Error("定时下架须晚于定时上架")) : Promise.resolve()) })]}
            >
              <DatePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          </Card>

          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Link to="/goods">取消</Link>
          </Space>
        </Form>
      </Spin>
    </ConsolePage>
  );
}
