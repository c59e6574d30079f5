import { useEffect, useState } from "react";
import { App, Button, Card, Select, Space, Typography } from "antd";
import type { StaffCouponType } from "@shop/contract";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { couponRuleText } from "./coupon-text.ts";

/** 注册礼包: the coupon types every new member gets on registering (running types to choose from). */
export default function RegisterPackCard({ version }: { version: number }) {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const [types, setTypes] = useState<StaffCouponType[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void Promise.all([call("/shopapi/coupon/registerpack", {}), call("/shopapi/coupon/lists", { status: "running", page: 1, page_size: 100 })]).then(([pack, running]) => {
      const offered = new Map((running?.list ?? []).map((type) => [type.coupon_type_id, type]));
      for (const type of pack?.list ?? []) offered.set(type.coupon_type_id, type);
      setTypes([...offered.values()]);
      setChosen([...new Set(pack?.coupon_type_ids ?? [])]);
    });
  }, [call, version]);

  const save = async () => {
    setSaving(true);
    const saved = await call("/shopapi/coupon/setregisterpack", { coupon_type_ids: chosen });
    setSaving(false);
    if (saved) void message.success(chosen.length ? `注册礼包已保存（${chosen.length} 种优惠券）` : "已清空注册礼包");
  };

  return (
    <Card title="注册礼包" size="small" style={{ marginTop: 24 }}>
      <Typography.Paragraph type="secondary">新会员注册成功后自动获得以下优惠券（已关闭、已过期或已领完的会跳过）。</Typography.Paragraph>
      <Space.Compact style={{ width: "100%", maxWidth: 720 }}>
        <Select
          mode="multiple"
          aria-label="注册礼包优惠券"
          value={chosen}
          onChange={setChosen}
          options={types.map((type) => ({ value: type.coupon_type_id, label: `${type.coupon_name}（${couponRuleText(type)}${type.status_name === "进行中" ? "" : `，${type.status_name}`}）` }))}
          optionFilterProp="label"
          placeholder="选择注册赠送的优惠券"
          style={{ width: "100%" }}
        />
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存礼包
        </Button>
      </Space.Compact>
    </Card>
  );
}
