import { useEffect, useMemo, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { App, Breadcrumb, Button, Layout, Menu, Result, Space, Switch, Tag, Tooltip, Typography } from "antd";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Code, isTokenCode } from "@shop/contract/codes";
import { consoleApi } from "../lib/api.ts";
import { PresenceProvider, usePresence } from "../lib/presence.tsx";
import { HOME_PATH, roleLabel, requireStaff } from "../lib/staff-session.ts";
import { menuFor, pageOf } from "../lib/menu.tsx";
import NoticeBell from "../components/notify/NoticeBell.tsx";
import type { Route } from "./+types/console";

/** Every console page needs a staff session: without one the browser goes to login (and comes back). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { staff: await requireStaff(request) };
}

/** 商品 / 商品列表 above the page: the menu entry the path belongs to. */
function ConsoleBreadcrumb({ pathname }: { pathname: string }) {
  const found = pageOf(pathname);
  if (!found) return null;
  const items = [{ title: <Link to={HOME_PATH}>首页</Link> }, { title: found.group.label }, { title: <Link to={found.page.path}>{found.page.label}</Link> }];
  return <Breadcrumb className="console-breadcrumb" items={items} />;
}

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
  const groups = useMemo(() => menuFor(staff.permissions), [staff.permissions]);
  const items = useMemo(
    () =>
      groups.map((group) => ({
        key: group.key,
        icon: group.icon,
        label: group.label,
        children: group.pages.map((page) => ({ key: page.path, label: <Link to={page.path}>{page.label}</Link> })),
      })),
    [groups],
  );
  const current = pageOf(location.pathname);
  // The current page's group opens by itself; the others stay as the staff member left them.
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current.group.key] : []);
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(current.group.key) ? keys : [...keys, current.group.key]));
  }, [current?.group.key]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the group changes

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
        <Layout.Sider width={208} theme="dark" className="console-sider">
          <div className="console-brand">
            <span className="console-logo" aria-hidden="true">
              客
            </span>
            <span className="console-brand__name">商城管理后台</span>
          </div>
          <nav aria-label="后台菜单">
            <Menu
              theme="dark"
              mode="inline"
              selectedKeys={current ? [current.page.path] : []}
              openKeys={openKeys}
              onOpenChange={setOpenKeys}
              items={items}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header className="console-header">
            <div className="console-header__actions">
              {canServe && <OnlineSwitch />}
              <NoticeBell />
              <Space size={8}>
                <UserOutlined />
                <span className="console-header__name">{staff.nickname || staff.username}</span>
                <Tag color={staff.role === "admin" ? "gold" : "blue"}>{roleLabel(staff)}</Tag>
              </Space>
              <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
                退出登录
              </Button>
            </div>
          </Layout.Header>
          <Layout.Content className="console-content">
            <ConsoleBreadcrumb pathname={location.pathname} />
            {current?.page.permission && !staff.permissions.includes(current.page.permission) ? (
              // A page outside the staff member's permissions (typed or bookmarked): say so instead of
              // showing an empty page whose calls the server refuses.
              <Result status="403" title="无权访问" subTitle="您的账号没有此页面的权限，请联系管理员" />
            ) : (
              <Outlet context={staff} />
            )}
          </Layout.Content>
        </Layout>
      </Layout>
    </PresenceProvider>
  );
}
