import { test, expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { api, cheapSkus, registerShopper, watchErrors, type Shopper } from "./support.ts";

/**
 * The staff console's customer-service workbench (issue 12; apps/console) on the real server and
 * its websocket: the staff login, the seeded conversations (周敏's waits, unread, for the first
 * servicer), answering (text, emoji, quick reply, picture), a member's messages arriving live
 * (apps/server/src/seed/chat.ts), a member's markup shown as text, closing a conversation, and the
 * history after a reload. Members talk through the API, as the storefront's dialog does.
 */

const KEFU = { username: "kefu01", password: "kefu123456" };
/** The seeded member whose conversation waits for a servicer with one unread message. */
const WAITING_MEMBER = "周敏";
const XSS_PAYLOADS = ['<img src=x onerror="window.__xss=1">', "<script>window.__xss=2</script>", '"><svg onload="window.__xss=3">'];

async function logInToConsole(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.getByLabel("账号").fill(account.username);
  await page.getByLabel("密码").fill(account.password);
  await page.getByRole("button", { name: /登\s*录/ }).click();
}

const sessionRow = (page: Page, name: string) => page.locator(".chat-session", { hasText: name });
const history = (page: Page) => page.locator(".chat-pane__history");
/** A member's API client of its own (cookie jar), registered fresh. */
async function newMember(baseURL: string): Promise<{ request: APIRequestContext; member: Shopper }> {
  const request = await playwrightRequest.newContext({ baseURL });
  return { request, member: await registerShopper(request, "chat") };
}

const say = (request: APIRequestContext, body: Record<string, unknown>) => api<{ id: number }>(request, "/servicer/api/chat/say", body);

test("console pages without a staff session go to login, which shows the server's refusal in Chinese", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/console/chat");
  await expect(page).toHaveURL(/\/console\/login\?redirect=%2Fchat$/);
  await expect(page.getByRole("heading", { name: "商城管理后台" })).toBeVisible();
  await page.screenshot({ path: ".cache/console-login.png" });

  // Another console path comes back after login.
  await page.goto("/console/elsewhere");
  await expect(page).toHaveURL(/\/console\/login\?redirect=%2Felsewhere$/);

  await logInToConsole(page, { username: KEFU.username, password: "not-the-password" });
  await expect(page.getByRole("alert")).toHaveText("账号或密码错误");
  await logInToConsole(page, { username: "", password: "" });
  await expect(page.getByText("请输入账号")).toBeVisible();
  expect(errors).toEqual([]);
});

test("kefu01 answers the queue: seeded conversations, live member messages, answers shown once, markup inert, history after reload", async ({ browser, baseURL }) => {
  // Notifications allowed; the page's Notification calls are recorded (the browser shows none headless).
  const context = await browser.newContext({ permissions: ["notifications"] });
  await context.addInitScript(() => {
    const shown: Array<{ title: string; body: string }> = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    const Native = window.Notification;
    class Recorded extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? "" });
      }
    }
    window.Notification = Recorded as typeof Notification;
  });
  const page = await context.newPage();
  const errors = watchErrors(page);

  await page.goto("/console/");
  await expect(page).toHaveURL(/\/console\/login/);
  await logInToConsole(page, KEFU);
  await expect(page).toHaveURL(/\/console\/chat$/);
  await expect(page.getByText("已连接")).toBeVisible();
  await expect(page.getByRole("switch", { name: "接待状态" })).toBeChecked();

  // The seeded conversation that waited is this servicer's now, with its unread message.
  const waiting = sessionRow(page, WAITING_MEMBER);
  await expect(waiting).toBeVisible();
  await expect(waiting.getByTitle("1 条未读")).toBeVisible();
  await expect(waiting).toContainText("好的，那提货的时候需要带什么吗？");

  await waiting.click();
  await expect(history(page)).toContainText("您好，门店营业时间 9:00-21:00，营业时间内都可以自提。");
  await expect(history(page)).toContainText("好的，那提货的时候需要带什么吗？");
  await expect(waiting.getByTitle(/条未读/)).toHaveCount(0);

  // A text answer with an emoji picked from the picker: Enter sends it, it shows once.
  const composer = page.getByLabel("回复内容");
  await composer.fill("您好，提货时出示提货码即可");
  await page.getByRole("button", { name: "表情" }).click();
  // By keyboard: the picker's buttons take Enter like any button (and no pointer races the popover's opening motion).
  await page.getByRole("group", { name: "表情" }).getByRole("button", { name: "👍" }).press("Enter");
  await expect(composer).toHaveValue("您好，提货时出示提货码即可👍");
  await expect(page.getByText("14/150")).toBeVisible();
  await composer.press("Enter");
  const answer = history(page).locator(".chat-message--servicer", { hasText: "您好，提货时出示提货码即可👍" });
  await expect(answer).toHaveCount(1);
  await expect(composer).toHaveValue("");
  await expect(waiting).toContainText("您好，提货时出示提货码即可👍");

  // Blank and too long are refused before any call.
  await composer.fill("   ");
  await composer.press("Enter");
  await expect(page.getByText("不能发送空白内容")).toBeVisible();
  await composer.fill("好".repeat(150));
  await page.getByRole("button", { name: /^发\s*送$/ }).click();
  await expect(page.getByText("单次最多发送150个字符")).toBeVisible();
  await composer.fill("");

  // A quick reply goes into the box, then out.
  await page.getByRole("button", { name: "快捷回复" }).click();
  await page.getByRole("button", { name: "请稍等，正在为您查询。" }).click();
  await expect(composer).toHaveValue("请稍等，正在为您查询。");
  await composer.press("Enter");
  await expect(history(page).locator(".chat-message--servicer", { hasText: "请稍等，正在为您查询。" })).toHaveCount(1);

  // A new member writes: the conversation comes in live, on top, unread, with a notification.
  const { request: memberApi, member } = await newMember(baseURL!);
  await say(memberApi, { content_type: 0, message: "在吗？想问下优惠券怎么用" });
  const fresh = sessionRow(page, member.username);
  await expect(fresh.getByTitle("1 条未读")).toBeVisible();
  await expect(page.locator(".chat-session").first()).toContainText(member.username);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __notifications: Array<{ body: string }> }).__notifications.map((shown) => shown.body))).toContain(
    "在吗？想问下优惠券怎么用",
  );
  // The socket's copy of the earlier answer, delivered before this, did not double it.
  await expect(answer).toHaveCount(1);

  await fresh.click();
  await expect(history(page)).toContainText("在吗？想问下优惠券怎么用");

  // While it is open: more messages, markup shown as text, a goods card linking to the storefront in a new tab.
  const numbered = Array.from({ length: 5 }, (_, index) => `第 ${index + 1} 个问题`);
  for (const text of numbered) await say(memberApi, { content_type: 0, message: text });
  for (const payload of XSS_PAYLOADS) await say(memberApi, { content_type: 0, message: payload });
  const [sku] = await cheapSkus(memberApi);
  await say(memberApi, { content_type: 1, goods_id: sku!.sku_id });
  for (const payload of XSS_PAYLOADS) await expect(history(page).getByText(payload, { exact: true })).toHaveCount(1);
  const card = history(page).locator(".chat-card--goods");
  await expect(card).toContainText(sku!.sku_name);
  await expect(card).toHaveAttribute("href", `/web/sku/${sku!.sku_id}`);
  await expect(card).toHaveAttribute("target", "_blank");
  await expect(history(page).locator("img[src='x'], script, svg[onload]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // Read as they came: no unread on the open conversation.
  await expect(fresh.getByTitle(/条未读/)).toHaveCount(0);

  // A picture (the goods' own photo): uploaded, then sent by its path.
  const { sku_image } = await api<{ sku_image: string }>(memberApi, "/api/goodssku/info", { sku_id: sku!.sku_id });
  const picture = await (await memberApi.get(`/${sku_image}`)).body();
  await page.getByTestId("chat-image-input").setInputFiles({ name: "answer.jpg", mimeType: "image/jpeg", buffer: picture });
  const sentPicture = history(page).locator(".chat-message--servicer img.chat-message__image");
  await expect(sentPicture).toHaveCount(1);
  await expect(sentPicture).toHaveAttribute("src", /^\/upload\/.+/);
  await expect.poll(() => sentPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  // The picture wholly in view at the bottom (the history followed it as it loaded), the earlier
  // warnings gone: the page as staff see it.
  await expect(sentPicture).toBeInViewport({ ratio: 1 });
  await expect(page.locator(".ant-message-notice")).toHaveCount(0);
  await page.screenshot({ path: ".cache/console-workbench.png" });

  // Close it, after confirming: the reply box gives way to the reason.
  await page.getByRole("button", { name: "结束会话" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "结束会话" }).click();
  await expect(page.locator(".chat-pane__header")).toContainText("已结束");
  await expect(page.getByText("会话已结束，会员再次发来消息后可继续回复")).toBeVisible();
  await expect(composer).toHaveCount(0);

  // After a reload: the same conversations and the history, from the server, newest page (10) first.
  await page.reload();
  await expect(page.getByText("已连接")).toBeVisible();
  await sessionRow(page, member.username).click();
  for (const payload of XSS_PAYLOADS) await expect(history(page).getByText(payload, { exact: true })).toHaveCount(1);
  await expect(history(page).locator(".chat-card--goods")).toHaveCount(1);
  const newest = history(page).locator("img.chat-message__image");
  await expect(newest).toHaveCount(1);
  await expect(newest).toBeInViewport();
  // The first question and its auto reply are on the older page: prepended, the view left where it was.
  await expect(history(page).getByText("在吗？想问下优惠券怎么用")).toHaveCount(0);
  const loadOlder = history(page).getByRole("button", { name: "加载更多" });
  await loadOlder.scrollIntoViewIfNeeded();
  const firstShown = history(page).getByText(numbered[0]!, { exact: true });
  const topBefore = (await firstShown.boundingBox())!.y;
  await loadOlder.click();
  await expect(history(page).getByText("没有更多聊天记录了")).toBeVisible();
  await expect(history(page).locator(".chat-message").first()).toContainText("在吗？想问下优惠券怎么用");
  await expect(history(page).locator(".chat-message__auto")).toHaveCount(1);
  await expect(history(page).locator(".chat-message")).toHaveCount(12);
  expect(Math.abs((await firstShown.boundingBox())!.y - topBefore)).toBeLessThan(2);
  await sessionRow(page, WAITING_MEMBER).click();
  await expect(history(page).locator(".chat-message--servicer", { hasText: "您好，提货时出示提货码即可👍" })).toHaveCount(1);

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(errors).toEqual([]);
  await memberApi.dispose();
  await context.close();
});

test("a dropped socket comes back and catches up on the open conversation: nothing lost, nothing twice", async ({ page, baseURL }) => {
  // Fault injection at the browser's WebSocket: while held, new sockets go to a path the server
  // refuses (404), as when the shop is unreachable; the workbench's own reconnect logic runs as is.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const control = { hold: false, sockets: [] as WebSocket[] };
    (window as unknown as { __sockets: typeof control }).__sockets = control;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(control.hold ? new URL("/wss-held", window.location.href).href.replace(/^http/, "ws") : url, protocols);
        control.sockets.push(this);
      }
    } as typeof WebSocket;
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const { request: memberApi, member } = await newMember(baseURL!);
  await say(memberApi, { content_type: 0, message: "消息一：连接正常时" });

  await page.goto("/console/login");
  await logInToConsole(page, KEFU);
  await expect(page.getByText("已连接")).toBeVisible();
  await sessionRow(page, member.username).click();
  await expect(history(page).getByText("消息一：连接正常时")).toHaveCount(1);
  await say(memberApi, { content_type: 0, message: "消息二：实时送达" });
  await expect(history(page).getByText("消息二：实时送达")).toHaveCount(1);

  // The connection drops; what the member sends meanwhile reaches no socket of this page.
  await page.evaluate(() => {
    const control = (window as unknown as { __sockets: { hold: boolean; sockets: WebSocket[] } }).__sockets;
    control.hold = true;
    for (const socket of control.sockets) socket.close();
  });
  await expect(page.getByText("连接已断开，正在重连")).toBeVisible();
  await say(memberApi, { content_type: 0, message: "消息三：断线期间" });
  await say(memberApi, { content_type: 0, message: "消息四：断线期间" });
  // A refused attempt at least, then the way is open again.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __sockets: { sockets: WebSocket[] } }).__sockets.sockets.length)).toBeGreaterThan(2);
  await page.evaluate(() => ((window as unknown as { __sockets: { hold: boolean } }).__sockets.hold = false));

  await expect(page.getByText("已连接")).toBeVisible({ timeout: 15_000 });
  await expect(history(page).getByText("消息三：断线期间")).toHaveCount(1);
  await expect(history(page).getByText("消息四：断线期间")).toHaveCount(1);
  await say(memberApi, { content_type: 0, message: "消息五：重连之后" });
  await expect(history(page).getByText("消息五：重连之后")).toHaveCount(1);
  for (const text of ["消息一：连接正常时", "消息二：实时送达"]) await expect(history(page).getByText(text)).toHaveCount(1);
  await expect(history(page).locator(".chat-message--member")).toHaveCount(5);
  // Ordered by id, as stored.
  await expect(history(page).locator(".chat-message--member .chat-message__text")).toHaveText([
    "消息一：连接正常时", "消息二：实时送达", "消息三：断线期间", "消息四：断线期间", "消息五：重连之后",
  ]);
  expect(errors).toEqual([]);
  await memberApi.dispose();
});

test("going offline hands the servicer's conversations back to the queue; logging out ends the staff session", async ({ page }) => {
  await page.goto("/console/login");
  await logInToConsole(page, KEFU);
  await expect(page).toHaveURL(/\/console\/chat$/);
  const presence = page.getByRole("switch", { name: "接待状态" });
  await expect(presence).toBeChecked();
  // Bound and online: the seeded waiting conversation is this servicer's (taken at bind, or earlier).
  const waiting = sessionRow(page, WAITING_MEMBER);
  await expect(waiting).toBeVisible();
  await expect(waiting.locator(".chat-session__waiting")).toHaveCount(0);

  await presence.click();
  await expect(presence).not.toBeChecked();
  await expect(waiting.locator(".chat-session__waiting")).toHaveText("排队中");
  await expect(page.getByText("接待中 0")).toBeVisible();

  await presence.click();
  await expect(presence).toBeChecked();
  await expect(waiting.locator(".chat-session__waiting")).toHaveCount(0);

  await page.getByRole("button", { name: "退出登录" }).click();
  // On the login page; the workbench's socket may notice the ended session first and keep the way back (?redirect=/chat).
  await expect(page).toHaveURL(/\/console\/login(\?redirect=%2Fchat)?$/);
  await page.goto("/console/chat");
  await expect(page).toHaveURL(/\/console\/login\?redirect=%2Fchat$/);
});

test("a servicer's menu holds only its own pages; a page outside its permissions says 无权访问", async ({ page }) => {
  await page.goto("/console/login");
  await logInToConsole(page, KEFU);
  await expect(page).toHaveURL(/\/console\/chat$/);
  const menu = page.getByRole("navigation", { name: "后台菜单" });
  await expect(menu.getByRole("link", { name: "客服工作台" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /商品/ })).toHaveCount(0);
  await page.goto("/console/goods");
  await expect(page.getByText("无权访问")).toBeVisible();
  await expect(page.getByRole("heading", { name: "商品列表" })).toHaveCount(0);
});
