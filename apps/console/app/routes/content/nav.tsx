import { Form, Image, Input, Switch, Tabs, Tag } from "antd";
import { friendlyLinkFields, navFields, type StaffFriendlyLink, type StaffNavItem } from "@shop/contract/domains/admin-content";
import ConsolePage from "../../components/ConsolePage.tsx";
import ImageField from "../../components/ImageField.tsx";
import SortedListEditor from "../../components/content/SortedListEditor.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";
import { pictureUrl } from "../../lib/format.ts";

export function meta() {
  return [{ title: "导航与友情链接 - 商城管理后台" }];
}

interface NavValues {
  nav_title: string;
  nav_url: string;
  nav_icon: string;
  is_blank: boolean;
  is_show: boolean;
}

interface LinkValues {
  link_title: string;
  link_url: string;
  link_pic: string;
  is_blank: boolean;
  is_show: boolean;
}

const LINK_HELP = "站内路径以 / 开头（如 /goods/list?category_id=1），或 http(s) 网址";
const shownTag = (shown: number) => (shown === 1 ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>);

/** The header's navigation (pc_nav) and the footer's friendly links (pc_friendly_link), each dragged into order. */
export default function NavPage() {
  const navTab = (
    <SortedListEditor<StaffNavItem, NavValues>
      noun="导航"
      calls={{ list: "/shopapi/pc/navlist", add: "/shopapi/pc/addnav", edit: "/shopapi/pc/editnav", remove: "/shopapi/pc/deletenav", sort: "/shopapi/pc/navsort" }}
      nameOf={(row) => row.nav_title}
      columns={[
        { title: "导航名称", dataIndex: "nav_title" },
        { title: "链接地址", dataIndex: "nav_url" },
        { title: "新窗口", dataIndex: "is_blank", width: 80, render: (blank: number) => (blank ? "是" : "否") },
        { title: "显示", dataIndex: "is_show", width: 80, render: shownTag },
      ]}
      emptyValues={{ nav_title: "", nav_url: "", nav_icon: "", is_blank: false, is_show: true }}
      toValues={(row) => ({ ...row, is_blank: row.is_blank === 1, is_show: row.is_show === 1 })}
      toBody={(values) => ({ ...values, nav_icon: values.nav_icon ?? "", is_blank: values.is_blank ? 1 : 0, is_show: values.is_show ? 1 : 0 })}
      fields={
        <>
          <Form.Item name="nav_title" label="导航名称" validateFirst rules={[{ required: true, whitespace: true, message: "请填写导航名称" }, fieldRule(navFields, "nav_title", "导航名称")]}>
            <Input maxLength={20} showCount autoFocus />
          </Form.Item>
          <Form.Item name="nav_url" label="链接地址" extra={LINK_HELP} validateFirst rules={[{ required: true, whitespace: true, message: "请填写链接地址" }, fieldRule(navFields, "nav_url", "链接地址")]}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="nav_icon" label="图标（可选）">
            <ImageField kind="content" aria-label="上传导航图标" />
          </Form.Item>
          <Form.Item name="is_blank" label="新窗口打开" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="is_show" label="显示" valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
  const linkTab = (
    <SortedListEditor<StaffFriendlyLink, LinkValues>
      noun="友情链接"
      calls={{ list: "/shopapi/pc/linklist", add: "/shopapi/pc/addlink", edit: "/shopapi/pc/editlink", remove: "/shopapi/pc/deletelink", sort: "/shopapi/pc/linksort" }}
      nameOf={(row) => row.link_title}
      columns={[
        { title: "图片", dataIndex: "link_pic", width: 100, render: (pic: string, row) => (pic ? <Image src={pictureUrl(pic)} width={80} height={30} style={{ objectFit: "contain" }} alt={row.link_title} preview={false} /> : "—") },
        { title: "链接名称", dataIndex: "link_title" },
        { title: "链接地址", dataIndex: "link_url" },
        { title: "显示", dataIndex: "is_show", width: 80, render: shownTag },
      ]}
      emptyValues={{ link_title: "", link_url: "", link_pic: "", is_blank: true, is_show: true }}
      toValues={(row) => ({ ...row, is_blank: row.is_blank === 1, is_show: row.is_show === 1 })}
      toBody={(values) => ({ ...values, link_pic: values.link_pic ?? "", is_blank: values.is_blank ? 1 : 0, is_show: values.is_show ? 1 : 0 })}
      fields={
        <>
          <Form.Item name="link_title" label="链接名称" validateFirst rules={[{ required: true, whitespace: true, message: "请填写链接名称" }, fieldRule(friendlyLinkFields, "link_title", "链接名称")]}>
            <Input maxLength={30} showCount autoFocus />
          </Form.Item>
          <Form.Item name="link_url" label="链接地址" extra={LINK_HELP} validateFirst rules={[{ required: true, whitespace: true, message: "请填写链接地址" }, fieldRule(friendlyLinkFields, "link_url", "链接地址")]}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="link_pic" label="图片（可选）">
            <ImageField kind="content" aria-label="上传链接图片" />
          </Form.Item>
          <Form.Item name="is_blank" label="新窗口打开" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="is_show" label="显示" valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
  return (
    <ConsolePage title="导航与友情链接">
      <Tabs
        items={[
          { key: "nav", label: "顶部导航", children: navTab },
          { key: "link", label: "友情链接", children: linkTab },
        ]}
      />
    </ConsolePage>
  );
}
