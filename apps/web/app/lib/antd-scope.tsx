import type { ReactNode } from "react";
import type { LinkDescriptor } from "react-router";
import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN.js";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn.js";
import antdCss from "antd/dist/antd.css?url";
import antdThemeCss from "../styles/antd-theme.css?url";

/**
 * antd is for the pages that pay for it (ADR 0009): the member centre, login and register, cart,
 * checkout, cashier and logistics. Their layouts wrap them in <AntdScope> and list
 * `antdStylesheets` in their `links`, so public pages load neither antd's code nor its CSS.
 */

// antd's date pickers and its zh_CN locale read dayjs's locale.
dayjs.locale("zh-cn");

/**
 * antd runs in zero-runtime mode: its styles come from the static antd.css (cut to the components
 * the app imports by vite/antd-css-subset.ts), which is scoped to this css-var key, so the key is
 * pinned rather than left to useId. antd-theme.css sets the shop's red on that key.
 */
const THEME = { zeroRuntime: true, cssVar: { key: "css-var-_R_0_" }, hashed: false } as const;

/** antd's stylesheet, then the shop's theme on it (same specificity: the order matters). */
export const antdStylesheets: LinkDescriptor[] = [
  { rel: "stylesheet", href: antdCss },
  { rel: "stylesheet", href: antdThemeCss },
];

/** Locale, theme and `App.useApp()` (message, modal; one message at a time) for antd inside. */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp message={{ maxCount: 1 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
