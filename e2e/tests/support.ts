import type { Page } from "@playwright/test";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
/** The e2e server's data directory, as playwright.config.ts sets it (E2E_DATA_DIR keeps parallel runs apart). */
export const E2E_DATA_DIR = path.resolve(REPO_ROOT, process.env.E2E_DATA_DIR ?? ".cache/e2e-data");

/**
 * Opens the home page and closes its pop-up campaign layer, which appears shortly after hydration
 * (SPEC: pop-up count per visitor). Waiting for it here keeps it from swallowing a later click.
 */
export async function openHome(page: Page): Promise<void> {
  await page.goto("/web/");
  await page.waitForLoadState("networkidle");
  await dismissFloatLayer(page);
}

export async function dismissFloatLayer(page: Page): Promise<void> {
  const close = page.locator(".home-float-layer__close");
  const shown = await close.waitFor({ state: "visible", timeout: 2500 }).then(() => true, () => false);
  if (!shown) return;
  await close.click();
  await close.waitFor({ state: "detached" });
}
