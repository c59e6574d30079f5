import fs from "node:fs";
import path from "node:path";
import postcss from "postcss";
import type { Plugin } from "vite";

/**
 * antd's zero-runtime stylesheet (antd/dist/antd.css) holds every component: ~1 MB, ~110 KB gzip.
 * This plugin keeps only the rules of the components the app imports from "antd" (found by
 * scanning the app's sources) plus what they render internally, and everything not tied to a
 * component (variables, keyframes, motion classes) except its global link rules: antd.css now
 * loads after the shop's app.css (only with the pages that use antd), and its `a { color }` would
 * recolour the shop's links there, which app.css styles itself on every page.
 */

/** antd export → the CSS class prefixes (`ant-<prefix>`) it needs, including nested components. */
const COMPONENT_PREFIXES: Record<string, string[]> = {
  App: ["app", "message", "notification", "modal", "btn"],
  ConfigProvider: [],
  message: ["message"],
  notification: ["notification"],
  Modal: ["modal", "btn"],
  Button: ["btn"],
  // Input.Search and addons are laid out by Space.Compact and carry a Button.
  Input: ["input", "space", "btn"],
  InputNumber: ["input-number", "input"],
  Form: ["form", "row", "col"],
  Tabs: ["tabs", "dropdown"],
  Checkbox: ["checkbox"],
  Radio: ["radio"],
  Carousel: ["carousel", "slick"],
  Badge: ["badge", "scroll-number"],
  Popover: ["popover"],
  Tooltip: ["tooltip"],
  Dropdown: ["dropdown", "btn"],
  Menu: ["menu", "tooltip"],
  Avatar: ["avatar"],
  Empty: ["empty"],
  Image: ["image"],
  Pagination: ["pagination", "select"],
  Select: ["select", "empty"],
  Spin: ["spin"],
  Result: ["result"],
  Divider: ["divider"],
  QRCode: ["qrcode"],
  Breadcrumb: ["breadcrumb", "dropdown"],
  Card: ["card"],
  Space: ["space"],
  Flex: ["flex"],
  Row: ["row"],
  Col: ["col"],
  Tag: ["tag"],
  List: ["list", "spin", "empty", "pagination", "row", "col"],
  Typography: ["typography"],
  Steps: ["steps"],
  Alert: ["alert"],
  Skeleton: ["skeleton"],
  Statistic: ["statistic"],
  Rate: ["rate"],
  Layout: ["layout"],
  Collapse: ["collapse"],
  Descriptions: ["descriptions"],
  Drawer: ["drawer", "btn"],
  Upload: ["upload", "progress", "tooltip"],
  Progress: ["progress"],
  Segmented: ["segmented"],
  Affix: ["affix"],
  FloatButton: ["float-btn", "badge", "tooltip"],
  Table: ["table", "pagination", "select", "checkbox", "radio", "dropdown", "empty", "spin", "tooltip"],
  Timeline: ["timeline"],
  Anchor: ["anchor"],
  Watermark: [],
  Popconfirm: ["popconfirm", "popover", "btn"],
  Cascader: ["cascader", "select", "empty"],
  Switch: ["switch"],
  DatePicker: ["picker", "btn", "tag"],
  TimePicker: ["picker", "btn"],
  Slider: ["slider", "tooltip"],
  AutoComplete: ["select", "empty"],
  Transfer: ["transfer", "checkbox", "btn", "input", "empty"],
  theme: [],
};

/** Prefixes kept whatever is imported: animation classes and the wave effect. */
const ALWAYS = ["zoom", "fade", "slide", "move", "motion", "wave"];

const SOURCE_FILE = /\.(tsx?|jsx?)$/;
const ANTD_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']antd["']/g;

function importedAntdNames(dir: string, names = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) importedAntdNames(full, names);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.includes(".test.")) {
      const source = fs.readFileSync(full, "utf8");
      for (const match of source.matchAll(ANTD_IMPORT)) {
        if (/^\s*import\s+type/.test(match[0])) continue;
        for (const part of match[1]!.split(",")) {
          const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim();
          if (name && !part.trim().startsWith("type ")) names.add(name);
        }
      }
    }
  }
  return names;
}

export function neededPrefixes(appDir: string): Set<string> {
  const prefixes = new Set(ALWAYS);
  for (const name of importedAntdNames(appDir)) {
    const needed = COMPONENT_PREFIXES[name];
    if (!needed) {
      throw new Error(`antd-css-subset: "${name}" is imported from antd but not listed in COMPONENT_PREFIXES (vite/antd-css-subset.ts)`);
    }
    for (const prefix of needed) prefixes.add(prefix);
  }
  return prefixes;
}

const ANT_CLASS = /\.ant-([a-z0-9-]+)/g;
/** antd's global reset of links: `a`, `a:hover`, `a[disabled]`… (not `a.ant-x` or `.x a`). */
const BARE_LINK = /^a(?=$|[:[])/;

export function subsetAntdCss(css: string, prefixes: Set<string>): string {
  const keeps = (cls: string) => {
    for (const prefix of prefixes) if (cls === prefix || cls.startsWith(`${prefix}-`)) return true;
    return false;
  };
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes/.test((rule.parent as postcss.AtRule).name)) return;
    const selectors = rule.selectors.filter((selector) => {
      if (BARE_LINK.test(selector) && !selector.includes(".")) return false;
      const classes = [...selector.matchAll(ANT_CLASS)].map((match) => match[1]!);
      return classes.length === 0 || classes.some(keeps);
    });
    if (selectors.length === 0) rule.remove();
    else rule.selectors = selectors;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

export function antdCssSubset(appDir: string): Plugin {
  return {
    name: "antd-css-subset",
    enforce: "pre",
    transform(code, id) {
      // `antd.css?url` first becomes a JS stub; the stylesheet itself comes through again as CSS.
      const [file, query = ""] = id.split("?");
      if (!file!.endsWith(path.join("antd", "dist", "antd.css")) || /(^|&)url\b/.test(query)) return null;
      return { code: subsetAntdCss(code, neededPrefixes(appDir)), map: null };
    },
  };
}
