import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useRouteError } from "react-router";
import { App as AntApp, Button, ConfigProvider, Result } from "antd";
import zhCN from "antd/locale/zh_CN.js";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn.js";
import { CONSOLE_PRIMARY, CONSOLE_THEME } from "./lib/theme.ts";
import "./styles/console.css";

// antd's zh_CN pickers and our times read dayjs's locale.
dayjs.locale("zh-cn");

/** Browser-tab icon without a request: a blue tile with 客. */
const CONSOLE_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='6' fill='${CONSOLE_PRIMARY}'/>` +
      "<text x='16' y='23' font-size='20' text-anchor='middle' fill='#fff' font-family='sans-serif'>客</text></svg>",
  );

export function meta() {
  return [{ title: "商城管理后台" }, { name: "robots", content: "noindex" }];
}

export function links() {
  return [{ rel: "icon", href: CONSOLE_ICON }];
}

/** The document; built once into index.html (an SPA: ssr is off), so it holds no data. */
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/** antd in Chinese with the console's contrast-safe colours (lib/theme.ts), `App.useApp()` (message, modal) for every page. */
export default function Root() {
  return (
    <ConfigProvider locale={zhCN} theme={CONSOLE_THEME}>
      <AntApp message={{ maxCount: 2 }}>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}

/** Shown while the first page's loader runs (the staff session is checked). */
export function HydrateFallback() {
  return <div className="console-loading">加载中…</div>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ConfigProvider locale={zhCN} theme={CONSOLE_THEME}>
      <Result
        status={notFound ? "404" : "error"}
        title={notFound ? "页面不存在" : "页面出错了"}
        subTitle={notFound ? undefined : error instanceof Error ? error.message : "请稍后再试"}
        extra={
          <Button type="primary" href="/console/chat">
            返回客服工作台
          </Button>
        }
      />
    </ConfigProvider>
  );
}
