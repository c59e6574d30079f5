import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { orderArea, pointsArea, registerArea, saveSettingsArea, siteArea } from "./settings-admin.ts";
import { readPaySettings, savePaySettings, testSavedGateway } from "../pay/settings-admin.ts";
import { readSmsSettings, saveSmsSettings, testSms } from "../auth/sms-settings.ts";

/**
 * The back office's staff calls for the shop's settings (site, register and login, order, points
 * and balance), payment keys (modules/pay) and SMS (modules/auth), all under setting.manage:
 * `/shopapi/config/<area>` reads a page, `/shopapi/config/set<area>` saves it. docs/api/console-settings.md.
 */
export function registerSettingsAdminRoutes(api: Api, _app: FastifyInstance): void {
  const { deps } = api;
  api.staff("/shopapi/config/site", "setting.manage", (_body, ctx) => siteArea.read(ctx.db));
  api.staff("/shopapi/config/setsite", "setting.manage", (body, ctx) => saveSettingsArea(ctx.db, ctx, siteArea, body));
  api.staff("/shopapi/config/register", "setting.manage", (_body, ctx) => registerArea.read(ctx.db));
  api.staff("/shopapi/config/setregister", "setting.manage", (body, ctx) =>
    // The agreement's text is long: the log keeps its title only.
    saveSettingsArea(ctx.db, ctx, registerArea, body, { ...body, agreement_content: `（${body.agreement_content.length} 字）` }),
  );
  api.staff("/shopapi/config/order", "setting.manage", (_body, ctx) => orderArea.read(ctx.db));
  api.staff("/shopapi/config/setorder", "setting.manage", (body, ctx) => saveSettingsArea(ctx.db, ctx, orderArea, body));
  api.staff("/shopapi/config/points", "setting.manage", (_body, ctx) => pointsArea.read(ctx.db));
  api.staff("/shopapi/config/setpoints", "setting.manage", (body, ctx) => saveSettingsArea(ctx.db, ctx, pointsArea, body));

  api.staff("/shopapi/config/pay", "setting.manage", () => readPaySettings(deps));
  api.staff("/shopapi/config/setpay", "setting.manage", (body, ctx) => savePaySettings(ctx, body));
  api.staff("/shopapi/config/testpay", "setting.manage", (body) => testSavedGateway(deps, body.pay_type));

  api.staff("/shopapi/config/sms", "setting.manage", () => readSmsSettings(deps));
  api.staff("/shopapi/config/setsms", "setting.manage", (body, ctx) => saveSmsSettings(ctx, body));
  api.staff("/shopapi/config/testsms", "setting.manage", (body, ctx) => testSms(ctx, body.mobile, body.type));
}
