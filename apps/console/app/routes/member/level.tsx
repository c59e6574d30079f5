import { useCallback, useEffect, useState } from "react";
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import type { StaffMemberLevel } from "@shop/contract/domains/member-level";
import ConsolePage from "../../components/ConsolePage.tsx";
import LevelDrawer, { discountText } from "../../components/member/LevelDrawer.tsx";
import LevelGrowthCard from "../../components/member/LevelGrowthCard.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "会员等级 - 商城管理后台" }];
}

/** What reaching a level gives once: "200 积分、¥10.00 余额、新人券". */
function giftText(level: StaffMemberLevel): string {
  const parts = [
    level.send_point > 0 ? `${level.send_point} 积分` : "",
    Number(level.send_balance) > 0 ? `¥${level.send_balance} 余额` : "",
    ...level.send_coupon.map((coupon) => coupon.coupon_name),
  ].filter(Boolean);
  return parts.length ? parts.join("、") : "—";
}

/** 会员等级: the ladder by growth threshold with its members, add/edit/delete levels, and the growth rule of orders. */
export default function MemberLevelPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [levels, setLevels] = useState<StaffMemberLevel[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<StaffMemberLevel | "new" | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call("/shopapi/memberlevel/lists", {});
    setLoading(false);
    if (list) setLevels(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (level: StaffMemberLevel) => {
    if ((await call("/shopapi/memberlevel/delete", { level_id: level.level_id })) !== undefined) {
      void message.success(`已删除会员等级「${level.level_name}」`);
      void load();
    }
  };

  return (
    <ConsolePage title="会员等级" extra={<Button type="primary" onClick={() => setEditing("new")}>添加等级</Button>}>
      <Table<StaffMemberLevel>
        rowKey="level_id"
        loading={loading}
        dataSource={levels}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: "还没有会员等级" }}
        columns={[
          {
            title: "等级名称",
            key: "name",
            render: (_, level) => (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <Typography.Text strong>{level.level_name}</Typography.Text>
                  {level.is_default === 1 && <Tag color="blue">默认</Tag>}
                </Space>
                {level.remark && <Typography.Text type="secondary">{level.remark}</Typography.Text>}
              </Space>
            ),
          },
          { title: "所需成长值", dataIndex: "growth", width: 110, align: "right" },
          { title: "会员折扣", dataIndex: "consume_discount", width: 100, render: (percent: number) => discountText(percent) },
          { title: "包邮", dataIndex: "is_free_shipping", width: 70, render: (free: number) => (free ? <Tag color="green">包邮</Tag> : "—") },
          { title: "升级礼包", key: "gifts", width: 240, render: (_, level) => giftText(level) },
          { title: "会员数", dataIndex: "member_count", width: 90, align: "right" },
          {
            title: "操作",
            key: "actions",
            width: 130,
            fixed: "right",
            render: (_, level) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(level)}>
                  编辑
                </Button>
                {level.is_default === 1 ? null : level.member_count > 0 ? (
                  <Button type="link" size="small" disabled title={`仍有 ${level.member_count} 位会员处于该等级`}>
                    删除
                  </Button>
                ) : (
                  <Popconfirm title={`删除会员等级「${level.level_name}」？`} description="删除后不可恢复" okButtonProps={{ danger: true }} onConfirm={() => remove(level)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <LevelGrowthCard />
      <LevelDrawer open={editing !== null} level={editing && editing !== "new" ? editing : null} onClose={() => setEditing(null)} onSaved={() => void load()} />
    </ConsolePage>
  );
}
