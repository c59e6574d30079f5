import { test, expect, type Page } from "@playwright/test";
import { logInToConsole, watchErrors } from "./support.ts";

/**
 * Staff roles as data (issue 23): the owner makes a role holding only 查看订单 and a colleague in
 * it; the colleague's menu shows only what the role allows and the server refuses the rest; the
 * owner reads the colleague's creation in 操作日志.
 */
const SHOTS = ".cache/console-staff";

const drawer = (page: Page) => page.getByRole("dialog");
const save = (page: Page) => drawer(page).getByRole("button", { name: /保\s*存/ }).click();

test("the owner adds an order-viewing role and a colleague in it; the colleague sees and may do only that; the log shows it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const suffix = Date.now().toString(36).slice(-5);
  const role = `订单查看${suffix}`;
  const colleague = { username: `clerk_${suffix}`, password: "clerk-secret-1" };
  await logInToConsole(page);

  await page.goto("/console/staff/role");
  await expect(page.getByRole("heading", { name: "角色权限" })).toBeVisible();
  await expect(page.getByRole("row", { name: /管理员/ })).toContainText("全部权限");
  await page.getByRole("button", { name: "添加角色" }).click();
  await save(page);
  await expect(drawer(page).getByText("请输入角色名称")).toBeVisible();
  await drawer(page).getByLabel("角色名称").fill(role);
  // a new role holds nothing until ticked (signing in needs no permission): this one may view orders
  await expect(drawer(page).getByRole("checkbox", { name: "查看订单" })).not.toBeChecked();
  await expect(drawer(page).getByRole("checkbox", { name: "查看经营概况" })).not.toBeChecked();
  await drawer(page).getByRole("checkbox", { name: "查看订单" }).check();
  await page.screenshot({ path: `${SHOTS}-role-editor.png`, fullPage: true });
  await save(page);
  await expect(page.getByText(`角色「${role}」已添加`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-roles.png`, fullPage: true });

  await page.goto("/console/staff/user");
  await expect(page.getByRole("heading", { name: "员工管理" })).toBeVisible();
  await page.getByRole("button", { name: "添加员工" }).click();
  await drawer(page).getByLabel("用户名").fill(colleague.username);
  await drawer(page).getByLabel("登录密码").fill("short");
  await drawer(page).getByLabel("昵称").fill("订单小助手");
  await drawer(page).getByLabel("选择角色").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: role }).click();
  await save(page);
  await expect(drawer(page).getByText("密码至少 8 位")).toBeVisible();
  await drawer(page).getByLabel("登录密码").fill(colleague.password);
  await save(page);
  await expect(page.getByText(`员工「${colleague.username}」已添加`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(colleague.username) })).toContainText(role);
  await page.screenshot({ path: `${SHOTS}-users.png`, fullPage: true });

  // The colleague, in a browser of their own.
  const context = await browser.newContext();
  const clerk = await context.newPage();
  await logInToConsole(clerk, colleague);
  const menu = clerk.getByRole("navigation", { name: "后台菜单" });
  await expect(menu.getByRole("menuitem", { name: /订单$/ })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /员工$/ })).toBeVisible();
  for (const hidden of ["概况", "商品", "售后", "会员", "营销", "店铺装修", "设置", "客服"]) await expect(menu).not.toContainText(hidden);
  await menu.getByRole("menuitem", { name: /员工$/ }).click();
  await expect(menu.getByRole("link", { name: "修改密码" })).toBeVisible();
  await expect(menu).not.toContainText("员工管理");
  await expect(clerk.locator(".console-header")).toContainText(role);
  await clerk.screenshot({ path: `${SHOTS}-colleague.png`, fullPage: true });
  // The server refuses what the role does not hold, whatever the menu shows.
  const refused = await (await clerk.request.post("/shopapi/goodsbrand/lists", { data: {}, headers: { Origin: new URL(clerk.url()).origin } })).json();
  expect(refused).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
  const orders = await (await clerk.request.post("/shopapi/order/lists", { data: {}, headers: { Origin: new URL(clerk.url()).origin } })).json();
  expect(orders.code).toBe(0);
  await context.close();

  // The owner reads the colleague's creation in the log, filtered by action (in the URL).
  await page.goto("/console/staff/log?action=user.adduser");
  await expect(page.getByRole("heading", { name: "操作日志" })).toBeVisible();
  const line = page.getByRole("row", { name: new RegExp(colleague.username) });
  await expect(line).toContainText("添加员工");
  await expect(line).toContainText("staff #");
  await page.screenshot({ path: `${SHOTS}-log.png`, fullPage: true });
  expect(errors).toEqual([]);
});
