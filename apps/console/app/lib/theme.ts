import { theme, type ThemeConfig } from "antd";

/**
 * The console's antd theme: antd's default look, with every colour that carries text reaching WCAG
 * AA's 4.5:1 (axe on every console page, e2e/tests/console-axe.spec.ts; ratios checked in
 * theme.test.ts). antd's own defaults miss it: white on its #1677ff primary (buttons, the dark menu's
 * selected entry) is 4.1:1, its grey secondary text (breadcrumbs, hints) 3.4:1, placeholders 1.8:1,
 * its danger red 3.3:1 and the light tags' text 2–3.4:1.
 */

/** antd's blue-7 (its default theme's pressed primary): white on it is 6.2:1. */
export const CONSOLE_PRIMARY = "#0958d9";
/** Hovered primary buttons and links: lighter, as antd's hover is, and still 5.2:1 with white. */
const CONSOLE_PRIMARY_HOVER = "#1668dc";
/** antd's red-7: 5.6:1 on white, as the danger buttons' text and the form errors. */
const CONSOLE_ERROR = "#cf1322";
/** Secondary and tertiary text, breadcrumbs, descriptions: 5.7:1 on white, 5.6:1 on the layout's #f5f5f5. */
const TEXT_QUIET = "rgba(0, 0, 0, 0.6)";

const palette = theme.getDesignToken();

export const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: CONSOLE_PRIMARY,
    colorPrimaryHover: CONSOLE_PRIMARY_HOVER,
    // links, info alerts and the processing badge are "info", which antd seeds separately
    colorInfo: CONSOLE_PRIMARY,
    colorLinkHover: CONSOLE_PRIMARY_HOVER,
    colorError: CONSOLE_ERROR,
    colorTextTertiary: TEXT_QUIET,
    colorTextDescription: TEXT_QUIET,
    // 4.8:1 on white, 4.7:1 on a disabled field's grey: still lighter than a typed value (0.88)
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
  },
  components: {
    // A table's empty text ("还没有商品标签") is drawn in the disabled colour (0.25): as quiet text instead.
    Table: { colorTextDisabled: TEXT_QUIET },
    // The unchecked switch's track (antd: the quaternary text colour, 0.25) under its white 离线 label.
    Switch: { colorTextQuaternary: "rgba(0, 0, 0, 0.55)", colorTextTertiary: "rgba(0, 0, 0, 0.65)" },
    // A light tag's text is its colour's shade 7 on shade 1: a darker shade where 7 is too light.
    Tag: {
      cyan7: palette.cyan8,
      green7: palette.green8,
      orange7: palette.orange8,
      volcano7: palette.volcano8,
      gold7: palette.gold9,
      yellow7: palette.yellow9,
      lime7: palette.lime9,
    },
  },
};
