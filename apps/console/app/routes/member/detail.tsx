import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { App, Avatar, Button, Descriptions, Popconfirm, Radio, Select, Space, Spin, Tabs, Tag } from "antd";
import type { AccountRecord, GrowthRecord, MemberAddress, MemberCoupon } from "@shop/contract";
import type { ChatMessage } from "@shop/contract/domains/chat";
import type { StaffMemberDetail, StaffMemberOrder } from "@shop/contract/domains/admin-member";
import type { StaffMemberLevel } from "@shop/contract/domains/member-level";
import ConsolePage from "../../components/ConsolePage.tsx";
import AdjustAccountModal, { type AdjustKind } from "../../components/member/AdjustAccountModal.tsx";
import MemberLabelModal from "../../components/member/MemberLabelModal.tsx";
import MemberPagedTable from "../../components/member/MemberPagedTable.tsx";
import { fullTime, pictureUrl } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "会员详情 - 商城管理后台" }];
}

const SEX = ["未知", "男", "女"];
type Ledger = "balance" | "point" | "growth";

/** 会员详情: the profile and figures with adjust buttons (a reason each), and the member's orders, ledgers, addresses, coupons and chats. */
export default function MemberDetailPage() {
  const memberId = Number(useParams().memberId);
  const call = useStaffCall();
  const { message } = App.useApp();
  const [member, setMember] = useState<StaffMemberDetail | null>(null);
  const [levels, setLevels] = useState<StaffMemberLevel[]>([]);
  const [adjusting, setAdjusting] = useState<AdjustKind | null>(null);
  const [labelling, setLabelling] = useState(false);
  const [ledger, setLedger] = useState<Ledger>("balance");
  const [reloadKey, setReloadKey] = useState(0);

  const load = useCallback(async () => {
    const detail = await call("/shopapi/member/detail", { member_id: memberId });
    if (detail) setMember(detail);
  }, [call, memberId]);
  useEffect(() => {
    void load();
    void call("/shopapi/memberlevel/lists", {}, { silent: true }).then((list) => list && setLevels(list));
  }, [load, call]);
  const refresh = () => {
    void load();
    setReloadKey((key) => key + 1);
  };

  if (!member) return <ConsolePage title="会员详情"><Spin /></ConsolePage>;

  const setStatus = async (status: 0 | 1) => {
    if (await call("/shopapi/member/modifystatus", { member_ids: [memberId], status })) {
      void message.success(status === 0 ? "已禁用，该会员的登录已失效" : "已启用");
      refresh();
    }
  };
  const setLevel = async (levelId: number) => {
    if (await call("/shopapi/member/modifylevel", { member_id: memberId, level_id: levelId })) {
      void message.success("会员等级已修改");
      refresh();
    }
  };
  const current = { balance: `¥${member.balance}`, point: `${member.point} 积分`, growth: `${member.growth} 成长值` };

  const profile = (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label="用户名">{member.username || "—"}</Descriptions.Item>
      <Descriptions.Item label="手机号">{member.mobile || "未绑定"}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{member.email || "—"}</Descriptions.Item>
      <Descriptions.Item label="真实姓名">{member.realname || "—"}</Descriptions.Item>
      <Descriptions.Item label="性别">{SEX[member.sex] ?? "未知"}</Descriptions.Item>
      <Descriptions.Item label="生日">{member.birthday || "—"}</Descriptions.Item>
      <Descriptions.Item label="会员等级">
        <Select size="small" style={{ width: 140 }} value={member.member_level} aria-label="会员等级" onChange={(value: number) => void setLevel(value)} options={levels.map((level) => ({ label: level.level_name, value: level.level_id }))} />
      </Descriptions.Item>
      <Descriptions.Item label="标签">
        <Space wrap>
          {member.labels.map((label) => <Tag key={label.label_id}>{label.label_name}</Tag>)}
          <Button size="small" onClick={() => setLabelling(true)}>设置标签</Button>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="状态">{member.status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已禁用</Tag>}</Descriptions.Item>
      <Descriptions.Item label="注册时间">{fullTime(member.reg_time)}</Descriptions.Item>
      <Descriptions.Item label="最后登录">{member.last_login_time ? `${fullTime(member.last_login_time)}（${member.last_login_ip || "—"}）` : "—"}</Descriptions.Item>
      <Descriptions.Item label="订单">{`${member.order_count} 笔，已付款 ${member.paid_order_count} 笔，共 ¥${member.paid_money}`}</Descriptions.Item>
      <Descriptions.Item label="收货地址">{member.address_count} 个</Descriptions.Item>
      <Descriptions.Item label="未使用优惠券">{member.unused_coupon_count} 张</Descriptions.Item>
    </Descriptions>
  );

  const ledgerTable =
    ledger === "growth" ? (
      <MemberPagedTable<GrowthRecord>
        label="成长值流水" path="/shopapi/member/growthlist" body={{ member_id: memberId }} rowKey="id" reloadKey={reloadKey} emptyText="还没有成长值记录"
        columns={[
          { title: "时间", dataIndex: "create_time", width: 170, render: fullTime },
          { title: "来源", dataIndex: "type_name", width: 120 },
          { title: "变动", dataIndex: "growth", width: 100, align: "right", render: (value: number) => (value > 0 ? `+${value}` : value) },
          { title: "变动后", dataIndex: "growth_after", width: 100, align: "right" },
          { title: "备注", dataIndex: "remark" },
        ]}
      />
    ) : (
      <MemberPagedTable<AccountRecord>
        key={ledger} label={ledger === "balance" ? "余额流水" : "积分流水"} path="/shopapi/member/accountlist" body={{ member_id: memberId, account_type: ledger }} rowKey="id" reloadKey={reloadKey} emptyText="还没有流水"
        columns={[
          { title: "时间", dataIndex: "create_time", width: 170, render: fullTime },
          { title: "类型", dataIndex: "type_name", width: 120 },
          { title: ledger === "balance" ? "金额（元）" : "积分", dataIndex: "account_data", width: 110, align: "right", render: (value: string) => (value.startsWith("-") ? value : `+${value}`) },
          { title: "变动后", dataIndex: "account_after", width: 110, align: "right" },
          { title: "备注", dataIndex: "remark" },
        ]}
      />
    );

  const tabs = [
    { key: "profile", label: "基本信息", children: profile },
    {
      key: "orders",
      label: "订单",
      children: (
        <MemberPagedTable<StaffMemberOrder>
          label="会员订单" path="/shopapi/member/orderlist" body={{ member_id: memberId }} rowKey="order_id" emptyText="还没有订单"
          columns={[
            { title: "订单号", dataIndex: "order_no", render: (no: string, order) => <Link to={`/order/detail/${order.order_id}`}>{no}</Link> },
            { title: "商品", dataIndex: "order_name", ellipsis: true },
            { title: "金额（元）", dataIndex: "order_money", width: 110, align: "right" },
            { title: "付款", dataIndex: "pay_status", width: 80, render: (paid: number) => (paid === 1 ? "已付款" : "未付款") },
            { title: "下单时间", dataIndex: "create_time", width: 170, render: fullTime },
          ]}
        />
      ),
    },
    {
      key: "ledger",
      label: "账户流水",
      children: (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Radio.Group value={ledger} onChange={(event) => setLedger(event.target.value as Ledger)} optionType="button" options={[{ label: "余额", value: "balance" }, { label: "积分", value: "point" }, { label: "成长值", value: "growth" }]} />
          {ledgerTable}
        </Space>
      ),
    },
    {
      key: "address",
      label: "收货地址",
      children: (
        <MemberPagedTable<MemberAddress>
          label="收货地址" path="/shopapi/member/addresslist" body={{ member_id: memberId }} rowKey="id" emptyText="还没有收货地址"
          columns={[
            { title: "收货人", dataIndex: "name", width: 120, render: (name: string, address) => <Space>{name}{address.is_default === 1 && <Tag color="blue">默认</Tag>}</Space> },
            { title: "手机号", dataIndex: "mobile", width: 130 },
            { title: "地址", key: "address", render: (_, address) => `${address.full_address} ${address.address}` },
          ]}
        />
      ),
    },
    {
      key: "coupon",
      label: "优惠券",
      children: (
        <MemberPagedTable<MemberCoupon>
          label="优惠券" path="/shopapi/member/couponlist" body={{ member_id: memberId, state: 1 }} rowKey="coupon_id" emptyText="没有未使用的优惠券"
          columns={[
            { title: "优惠券", dataIndex: "coupon_name" },
            { title: "类型", dataIndex: "type_name", width: 90 },
            { title: "状态", dataIndex: "state_name", width: 90 },
            { title: "有效期至", dataIndex: "end_time", width: 170, render: (time: number) => (time ? fullTime(time) : "长期有效") },
          ]}
        />
      ),
    },
    {
      key: "chat",
      label: "咨询记录",
      children: (
        <MemberPagedTable<ChatMessage>
          label="咨询记录" path="/shopapi/member/chatlist" body={{ member_id: memberId, limit: 10 }} rowKey="id" emptyText="还没有咨询记录"
          columns={[
            { title: "时间", dataIndex: "create_time", width: 170, render: fullTime },
            { title: "发送者", dataIndex: "type", width: 100, render: (type: number, row) => (type === 0 ? "会员" : `客服 ${row.nickname}`) },
            { title: "内容", key: "say", render: (_, row) => (row.content_type === 3 ? "[图片]" : row.type === 0 ? row.consumer_say : row.servicer_say) || "[商品/订单卡片]" },
          ]}
        />
      ),
    },
  ];

  const actions = (
    <Space>
      <Button onClick={() => setAdjusting("balance")}>调整余额</Button>
      <Button onClick={() => setAdjusting("point")}>调整积分</Button>
      <Button onClick={() => setAdjusting("growth")}>调整成长值</Button>
      {member.status === 1 ? (
        <Popconfirm title="禁用该会员？" description="禁用后其登录立即失效，且不能再登录" onConfirm={() => setStatus(0)}>
          <Button danger>禁用</Button>
        </Popconfirm>
      ) : (
        <Button onClick={() => void setStatus(1)}>启用</Button>
      )}
    </Space>
  );

  return (
    <ConsolePage title="会员详情" extra={actions}>
      <Space size="large" style={{ marginBottom: 16 }}>
        <Avatar size={56} src={member.headimg ? pictureUrl(member.headimg) : undefined}>{member.nickname.slice(0, 1)}</Avatar>
        <div>
          <h2 style={{ margin: 0 }}>{member.nickname || member.username}</h2>
          <span>{member.member_level_name}</span>
        </div>
        <Descriptions size="small" column={3} items={[
          { key: "balance", label: "余额", children: <strong data-testid="member-balance">¥{member.balance}</strong> },
          { key: "point", label: "积分", children: member.point },
          { key: "growth", label: "成长值", children: member.growth },
        ]} />
      </Space>
      <Tabs items={tabs} />
      <AdjustAccountModal memberId={memberId} kind={adjusting} current={adjusting ? current[adjusting] : ""} onClose={() => setAdjusting(null)} onDone={refresh} />
      <MemberLabelModal memberIds={[memberId]} initial={member.labels.map((label) => label.label_id)} open={labelling} onClose={() => setLabelling(false)} onDone={refresh} />
    </ConsolePage>
  );
}
