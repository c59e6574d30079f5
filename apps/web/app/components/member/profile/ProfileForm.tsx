import { useState } from "react";
import { App, Button, DatePicker, Form, Input, Radio } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { BIRTHDAY_MIN, NICKNAME_MAX, REALNAME_MAX, SEX_NAMES, nickname, realname, type MemberInfo } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { zodRule } from "../../../lib/form-rules.ts";
import { maskMobile } from "../../../lib/mobile.ts";
import { securityHref } from "../security/security-view.ts";

interface ProfileValues {
  nickname: string;
  realname: string;
  sex: number;
  birthday: Dayjs | null;
}

const BIRTHDAY_FORMAT = "YYYY-MM-DD";
const earliest = dayjs(BIRTHDAY_MIN);

/** Birthdays from 1900 to today (the server checks today in the shop's time zone). */
const outsideBirthdays = (date: Dayjs) => date.isAfter(dayjs(), "day") || date.isBefore(earliest, "day");

const valuesOf = (member: MemberInfo): ProfileValues => ({
  nickname: member.nickname,
  realname: member.realname,
  sex: member.sex,
  birthday: member.birthday ? dayjs(member.birthday, BIRTHDAY_FORMAT) : null,
});

/**
 * 个人信息: the account (username, mobile: read only here) and the profile fields the member edits —
 * 昵称, 真实姓名, 性别, 出生日期 — saved together by /api/member/modifyinfo, with the contract's rules.
 */
export function ProfileForm({ member, onSaved }: { member: MemberInfo; onSaved: () => void }) {
  const call = useMemberCall();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const save = async (values: ProfileValues) => {
    setSaving(true);
    try {
      const saved = await call("/api/member/modifyinfo", {
        nickname: values.nickname,
        realname: values.realname ?? "",
        sex: values.sex,
        birthday: values.birthday ? values.birthday.format(BIRTHDAY_FORMAT) : "",
      });
      if (!saved) return;
      void message.success("个人信息已保存");
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      className="profile-form"
      layout="horizontal"
      labelCol={{ flex: "96px" }}
      wrapperCol={{ flex: "auto" }}
      initialValues={valuesOf(member)}
      onFinish={save}
    >
      <Form.Item label="用户名">
        <span className="profile-readonly">{member.username || "未设置"}</span>
      </Form.Item>
      <Form.Item label="绑定手机">
        <span className="profile-readonly">{member.mobile ? maskMobile(member.mobile) : "未绑定"}</span>
        <Link to={securityHref("mobile")} className="profile-inline-link">
          {member.mobile ? "更换" : "去绑定"}
        </Link>
      </Form.Item>
      <Form.Item label="昵称" name="nickname" rules={[zodRule(nickname)]} required>
        <Input maxLength={NICKNAME_MAX} showCount placeholder="请输入昵称" />
      </Form.Item>
      <Form.Item label="真实姓名" name="realname" rules={[zodRule(realname)]}>
        <Input maxLength={REALNAME_MAX} placeholder="选填" autoComplete="name" />
      </Form.Item>
      <Form.Item label="性别" name="sex">
        <Radio.Group>
          {[1, 2, 0].map((value) => (
            <Radio key={value} value={value}>
              {SEX_NAMES[value]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label="出生日期" name="birthday">
        <DatePicker format={BIRTHDAY_FORMAT} disabledDate={outsideBirthdays} placeholder="请选择出生日期" aria-label="出生日期" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
