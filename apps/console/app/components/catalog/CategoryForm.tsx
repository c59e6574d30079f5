import { Form, Input, InputNumber, Space, Switch, TreeSelect } from "antd";
import { MAX_SORT } from "@shop/contract/domains/admin-catalog";
import ImageField from "../ImageField.tsx";
import { maxLength, requiredName, sortRules } from "./rules.ts";
import type { ParentOption } from "./category-tree.ts";

/** The values of the category form (is_show as a switch). */
export interface CategoryValues {
  category_name: string;
  short_name: string;
  pid: number;
  image: string;
  image_adv: string;
  link_url: string;
  keywords: string;
  description: string;
  is_show: boolean;
  sort: number;
}

/** The fields of the category drawer; `parents` are the categories it may go under. */
export default function CategoryFormFields({ parents }: { parents: ParentOption[] }) {
  return (
    <>
      <Form.Item name="category_name" label="分类名称" rules={requiredName("分类名称", 50)}>
        <Input maxLength={50} showCount autoFocus />
      </Form.Item>
      <Form.Item name="short_name" label="简称" extra="一级分类的简称用于搜索（如“数码”）" rules={maxLength("简称", 20)}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="pid" label="上级分类" extra="最多三级；换一个上级会把子分类和商品一起移过去" rules={[{ required: true, message: "请选择上级分类" }]}>
        <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" aria-label="上级分类" />
      </Form.Item>
      <Form.Item name="image" label="分类图片" extra="分类导航里显示，建议 200×200">
        <ImageField kind="goods" aria-label="分类图片" />
      </Form.Item>
      <Form.Item name="image_adv" label="分类广告图" extra="一级分类的下拉菜单里显示，建议 400×200">
        <ImageField kind="goods" aria-label="分类广告图" />
      </Form.Item>
      <Form.Item name="link_url" label="广告图链接" rules={[...maxLength("广告图链接", 255), { pattern: /^(\/|https?:\/\/|$)/, message: "链接须以 / 或 http(s):// 开头" }]}>
        <Input placeholder="/goods/list?category_id=1" />
      </Form.Item>
      <Form.Item name="keywords" label="关键词" extra="分类页的 SEO 关键词，用逗号分隔" rules={maxLength("关键词", 255)}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label="分类描述" rules={maxLength("分类描述", 1000)}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
      <Space size="large">
        <Form.Item name="is_show" label="在商城显示" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）" rules={sortRules}>
          <InputNumber min={0} max={MAX_SORT} precision={0} />
        </Form.Item>
      </Space>
    </>
  );
}
