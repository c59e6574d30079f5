import fs from "node:fs";
import path from "node:path";
import { test, expect, type Locator, type Page } from "@playwright/test";
import { CACHED_SHOP_PORT } from "../playwright.config.ts";
import { REPO_ROOT, SEEDED_ADMIN, api } from "./support.ts";
import type { Result } from "axe-core";
import { describeViolations, runAxe } from "./axe.ts";

/**
 * Every page of the staff console (apps/console/app/routes.ts) passes axe — WCAG 2.0–2.2 A/AA rules
 * of serious or critical impact (issue 22: "axe on the console pages"). Each page is opened as the
 * seeded owner, waited for until it has settled, audited and photographed whole
 * (.cache/console-screens/<name>.png); on the CRUD pages one add drawer is opened and audited too.
 * Every finding of the walk is collected and failed at the end, so one run shows them all.
 *
 * axe is injected as a script, which the console's CSP refuses: this spec's pages bypass the CSP.
 * It runs on the second shop (the one with caches on): opening the workbench puts the owner online,
 * and the main shop's seeded waiting conversation is console-chat.spec.ts's servicer's to take.
 */
test.use({ bypassCSP: true, baseURL: `http://127.0.0.1:${CACHED_SHOP_PORT}` });

const SHOTS = path.join(REPO_ROOT, ".cache/console-screens");
const VIEWPORT = { width: 1280, height: 900 };
/** The tallest page photographed whole (the goods editor is about 2,500 px). */
const MAX_HEIGHT = 6000;
/** The console's client header: its calls answer with the session cookie (apps/console/app/lib/api.ts). */
const CONSOLE_CLIENT = { "x-shop-client": "shop-web" };

interface Screen {
  /** its screenshot's file name */
  name: string;
  /** the console path, below /console */
  path: string;
  /** the page's heading: the page has rendered when it shows */
  heading: string;
  /** the heading's level (the console's pages have one h1 each; the workbench's is an h4); 0: plain text (antd's Result title) */
  level?: number;
  /** text that shows once the page's live data has come (the workbench's socket) */
  loaded?: string;
  /** an add drawer to audit as well: the button that opens it and its title */
  drawer?: { button: string; title: string };
}

/** The seeded goods and article the two editors open (read through the console's own calls). */
async function seededIds(page: Page): Promise<{ goodsId: number; articleId: number }> {
  const goods = await api<{ list: Array<{ goods_id: number }> }>(page.request, "/shopapi/goods/lists", { page: 1, page_size: 1 }, CONSOLE_CLIENT);
  const articles = await api<{ list: Array<{ id: number }> }>(page.request, "/shopapi/article/lists", { page: 1, page_size: 1 }, CONSOLE_CLIENT);
  const [firstGoods] = goods.list;
  const [firstArticle] = articles.list;
  if (!firstGoods || !firstArticle) throw new Error("the seed has no goods or no article to edit");
  return { goodsId: firstGoods.goods_id, articleId: firstArticle.id };
}

function consoleScreens(ids: { goodsId: number; articleId: number }): Screen[] {
  return [
    { name: "goods", path: "/goods", heading: "商品列表" },
    { name: "goods-add", path: "/goods/add", heading: "发布商品" },
    { name: "goods-edit", path: `/goods/edit/${ids.goodsId}`, heading: "编辑商品" },
    { name: "goods-category", path: "/goods/category", heading: "商品分类", drawer: { button: "添加一级分类", title: "添加商品分类" } },
    { name: "goods-brand", path: "/goods/brand", heading: "商品品牌", drawer: { button: "添加品牌", title: "添加品牌" } },
    { name: "goods-service", path: "/goods/service", heading: "商品服务", drawer: { button: "添加服务", title: "添加商品服务" } },
    { name: "goods-label", path: "/goods/label", heading: "商品标签", drawer: { button: "添加标签", title: "添加商品标签" } },
    { name: "goods-recycle", path: "/goods/recycle", heading: "回收站" },
    { name: "content-home", path: "/content/home", heading: "首页装修", drawer: { button: "添加楼层", title: "添加楼层" } },
    { name: "content-adv", path: "/content/adv", heading: "广告管理" },
    { name: "content-nav", path: "/content/nav", heading: "导航与友情链接" },
    { name: "content-article", path: "/content/article", heading: "文章管理", drawer: { button: "文章分类管理", title: "文章分类管理" } },
    { name: "content-article-add", path: "/content/article/edit", heading: "添加文章" },
    { name: "content-article-edit", path: `/content/article/edit/${ids.articleId}`, heading: "编辑文章" },
    { name: "content-notice", path: "/content/notice", heading: "公告管理" },
    { name: "content-notice-add", path: "/content/notice/edit", heading: "添加公告" },
    { name: "content-help", path: "/content/help", heading: "帮助管理" },
    { name: "content-help-add", path: "/content/help/edit", heading: "添加帮助" },
    { name: "settings-site", path: "/settings/site", heading: "站点设置" },
    { name: "settings-register", path: "/settings/register", heading: "注册与登录" },
    { name: "settings-order", path: "/settings/order", heading: "交易设置" },
    { name: "settings-points", path: "/settings/points", heading: "积分与余额" },
    { name: "settings-pay", path: "/settings/pay", heading: "支付设置" },
    { name: "settings-sms", path: "/settings/sms", heading: "短信设置" },
    { name: "settings-store", path: "/settings/store", heading: "门店管理", drawer: { button: "添加门店", title: "添加门店" } },
    { name: "settings-express", path: "/settings/express", heading: "物流与运费", drawer: { button: "添加运费模板", title: "添加运费模板" } },
    { name: "staff-password", path: "/staff/password", heading: "修改密码" },
    { name: "chat", path: "/chat", heading: "客服工作台", level: 4, loaded: "已连接" },
    { name: "not-found", path: "/no-such-page", heading: "页面不存在", level: 0 },
  ];
}

/**
 * The page has settled: nothing loading (spinners, the editor's skeleton), no request in flight and
 * no transition running (a drawer sliding in, a fading tooltip). Endless animations (a status dot's
 * pulse) are not waited for.
 */
async function settle(page: Page, shown: Locator): Promise<void> {
  await expect(shown).toBeVisible();
  await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The window as tall as the page (the console scrolls inside its content area, so a full-page
 * screenshot would show only the first screen): the screenshot shows it whole, and axe sees every
 * element on screen, as its colour-contrast rule needs.
 */
async function fitToContent(page: Page): Promise<void> {
  const height = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight,
      ...[...document.querySelectorAll(".console-content, .console-sider, .ant-drawer-body")].map((element) => element.getBoundingClientRect().top + element.scrollHeight),
    ),
  );
  await page.setViewportSize({ width: VIEWPORT.width, height: Math.min(MAX_HEIGHT, Math.max(VIEWPORT.height, Math.ceil(height))) });
}

/** Audits and photographs the page as it is; its serious or critical findings. */
async function auditScreen(page: Page, name: string, shown: Locator): Promise<Result[]> {
  await settle(page, shown);
  await fitToContent(page);
  await settle(page, shown);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  return (await runAxe(page)).failures;
}

/** Every element of every finding (the failure message lists the first few per rule), for .cache/console-screens/axe.json. */
const everyNode = (screen: string, rules: Result[]) =>
  rules.flatMap((rule) => rule.nodes.map((node) => ({ screen, rule: rule.id, impact: rule.impact, target: node.target.join(" "), summary: node.failureSummary })));

async function logIn(page: Page): Promise<void> {
  await page.getByLabel("账号").fill(SEEDED_ADMIN.username);
  await page.getByLabel("密码").fill(SEEDED_ADMIN.password);
  await page.getByRole("button", { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/console\/login/);
}

test("every console page, and one add drawer per list, has no serious or critical WCAG A/AA axe finding", async ({ page }) => {
  test.setTimeout(600_000); // about forty screens, each settled, audited and photographed (5 s to 10 s each)
  fs.rmSync(SHOTS, { recursive: true, force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  const findings: string[] = [];
  const nodes: Array<ReturnType<typeof everyNode>[number]> = [];
  const audited: string[] = [];
  const audit = async (name: string, shown: Locator) => {
    const failures = await auditScreen(page, name, shown);
    if (failures.length) findings.push(`${name} (${page.url()}):\n${describeViolations(failures)}`);
    nodes.push(...everyNode(name, failures));
    audited.push(name);
    await page.setViewportSize(VIEWPORT);
  };

  await page.goto("/console/login");
  await audit("login", page.getByRole("button", { name: /登\s*录/ }));
  await logIn(page);

  const screens = consoleScreens(await seededIds(page));
  for (const screen of screens) {
    await page.goto(`/console${screen.path}`);
    const level = screen.level ?? 1;
    const heading = level ? page.getByRole("heading", { name: screen.heading, level }) : page.getByText(screen.heading, { exact: true });
    if (screen.loaded) await expect(page.getByText(screen.loaded, { exact: true })).toBeVisible();
    await audit(screen.name, heading);
    if (!screen.drawer) continue;
    await page.getByRole("button", { name: screen.drawer.button, exact: true }).click();
    const drawer = page.getByRole("dialog", { name: screen.drawer.title });
    await audit(`${screen.name}-drawer`, drawer);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  }

  fs.writeFileSync(`${SHOTS}/axe.json`, JSON.stringify(nodes, null, 1));
  expect(audited).toHaveLength(1 + screens.length + screens.filter((screen) => screen.drawer).length);
  expect(findings, `serious or critical axe findings on ${findings.length} of ${audited.length} screens:\n\n${findings.join("\n\n")}`).toEqual([]);
});
