import { Alert, Divider, Form, Input } from "antd";
import { siteSettingsSchema, type SiteSettings } from "@shop/contract/domains/admin-settings";
import ImageField from "../../components/ImageField.tsx";
import SettingsForm from "../../components/settings/SettingsForm.tsx";
import SwitchField from "../../components/settings/SwitchField.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";

export function meta() {
  return [{ title: "站点设置 - 商城管理后台" }];
}

const rule = (field: keyof SiteSettings & string, label: string) => fieldRule(siteSettingsSchema, field, label);

/** 站点设置: name, logo, SEO, service contact, record numbers, and whether the shop is open. */
export default function Page() {
  return (
    <SettingsForm<"/shopapi/config/site", "/shopapi/config/setsite", SiteSettings> title="站点设置" read="/shopapi/config/site" save="/shopapi/config/setsite">
      {(form) => (
        <>
          <Divider titlePlacement="start">基础信息</Divider>
          <Form.Item label="站点名称" name="site_name" required rules={[rule("site_name", "站点名称")]}>
            <Input maxLength={50} showCount />
          </Form.Item>
          <Form.Item label="站点 Logo" name="logo" extra="显示在商城页头，建议 240×80 像素">
            <ImageField kind="setting" aria-label="上传站点 Logo" />
          </Form.Item>
          <Form.Item label="方形 Logo" name="logo_square" extra="用于移动端与分享，建议 200×200 像素">
            <ImageField kind="setting" aria-label="上传方形 Logo" />
          </Form.Item>
          <Divider titlePlacement="start">搜索引擎</Divider>
          <Form.Item label="SEO 标题" name="seo_title" rules={[rule("seo_title", "SEO 标题")]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="关键词" name="seo_keywords" rules={[rule("seo_keywords", "关键词")]} extra="多个关键词用英文逗号分隔">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="站点描述" name="seo_description" rules={[rule("seo_description", "站点描述")]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Divider titlePlacement="start">客服与备案</Divider>
          <Form.Item label="客服电话" name="site_tel" rules={[rule("site_tel", "客服电话")]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="客服时间" name="service_hours" rules={[rule("service_hours", "客服时间")]}>
            <Input maxLength={100} placeholder="如：周一至周日 9:00-21:00" />
          </Form.Item>
          <Form.Item label="客服邮箱" name="web_email" rules={[rule("web_email", "客服邮箱")]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="公司名称" name="company_name" rules={[rule("company_name", "公司名称")]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="ICP 备案号" name="icp" rules={[rule("icp", "ICP 备案号")]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="公安备案号" name="gov_record" rules={[rule("gov_record", "公安备案号")]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item label="版权信息" name="copyright_desc" rules={[rule("copyright_desc", "版权信息")]}>
            <Input maxLength={300} />
          </Form.Item>
          <Divider titlePlacement="start">营业状态</Divider>
          <Form.Item label="商城状态" name="shop_status" extra="关闭后，顾客的下一次访问将看到“网站已关闭”页面；员工后台不受影响">
            <SwitchField on="营业中" off="已关闭" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(before: SiteSettings, after: SiteSettings) => before.shop_status !== after.shop_status}>
            {() =>
              Number(form.getFieldValue("shop_status")) === 0 && (
                <>
                  <Form.Item label=" " colon={false}>
                    <Alert type="warning" showIcon title="保存后商城将对顾客关闭" />
                  </Form.Item>
                  <Form.Item label="关闭说明" name="close_reason" rules={[rule("close_reason", "关闭说明")]} extra="顾客看到的提示，留空则显示“网站已关闭！”">
                    <Input maxLength={200} />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
