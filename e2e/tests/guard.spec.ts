import { test, expect } from "@playwright/test";

const GUARDED = ["/member", "/member/order_list?status=waitpay", "/goods/cart", "/order/payment", "/pay/result?code=1"];

for (const target of GUARDED) {
  test(`${target} redirects a guest to login with the full path`, async ({ page }) => {
    await page.goto(`/web${target}`);
    await expect(page).toHaveURL(/\/web\/auth\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get("redirect");
    expect(redirect).toBe(target);
  });
}
