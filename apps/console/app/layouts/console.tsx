import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { App, Button, Layout, Menu, Space, Switch, Tag, Tooltip, Typography } from "antd";
import { CustomerServiceOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Code, isTokenCode } from "@shop/contract/codes";
import { consoleApi } from "../lib/api.ts";
import { PresenceProvider, usePresence } from "../lib/presence.tsx";
import { HOME_PATH, ROLE_LABEL, requireStaff } from "../lib/staff-session.ts";
import type { Route } from "./+types/console";

/** Every console page needs a staff session: without one the browser goes to login (and comes back). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { staff: await requireStaff(request) };
}

/** The console's pages; later ones (订单发货, 退款审核, 提现审核) are added here once they exist. */
const MENU = [{ key: HOME_PATH, icon: <CustomerServiceOutlined />, label: <Link to={HOME_PATH}>客服工作台</Link> }];

/** The servicer's 在线 / 离线 switch. */
function OnlineSwitch() {
  const { servicer, setOnline } = usePresence();
  // Off until the server has told (the workbench's bind, or the servicers call).
  const online = servicer?.online === 1;
  return (
    <Tooltip title={online ? "离线后，您进行中的会话将转回排队" : "上线后可接待新的会话"}>
      <Space size={6} className="console-header__presence">
        <Switch
          checked={online}
          checkedChildren="在线"
          unCheckedChildren="离线"
          aria-label="接待状态"
          onChange={(checked) => void setOnline(checked ? 1 : 0)}
        />
        {servicer && <Typography.Text type="secondary">接待中 {servicer.open_sessions}</Typography.Text>}
      </Space>
    </Tooltip>
  );
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canServe = staff.permissions.includes("chat.serve");

  async function logout() {
    const envelope = await consoleApi.raw("/shopapi/login/logout");
    // A session already gone is logged out too.
    if (envelope.code !== Code.SUCCESS && !isTokenCode(envelope.code)) {
      void message.error(envelope.message);
      return;
    }
    await navigate("/login", { replace: true });
  }

  return (
    <PresenceProvider staffId={staff.staff_id} canServe={canServe}>
      <Layout className="console-layout">
        <Layout.Sider width={200} theme="dark" className="console-sider">
          <div className="console-brand">
            <span className="console-logo" aria-hidden="true">
              客
            </span>
            <span className="console-brand__name">商城管理后台</span>
          </div>
          <Menu theme="dark" mode="inline" selectedKeys={[location.pathname]} items={MENU} />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="console-header">
            <div className="console-header__actions">
              {canServe && <OnlineSwitch />}
              <Space size={8}>
                <UserOutlined />
                <span className="console-header__name">{staff.nickname || staff.username}</span>
                <Tag color={staff.role === "admin" ? "gold" : "blue"}>{ROLE_LABEL[staff.role] ?? staff.role}</Tag>
              </Space>
              <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
                退出登录
              </Button>
            </div>
          </Layout.Header>
          <Layout.Content className="console-content">
            <Outlet context={staff} />
          </Layout.Content>
        </Layout>
      </Layout>
    </PresenceProvider>
  );
}
