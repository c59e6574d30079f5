import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { subscribeDurable } from "../jobs/event-jobs.ts";
import { readTemplates } from "./templates.ts";
import { BUYER_SMS_EVENTS, sendBuyerSms } from "./buyer-sms.ts";
import { markNoticesRead, recordStaffNotice, staffNotices, STAFF_NOTICE_EVENTS } from "./staff-notices.ts";
import { saveTemplate, smsLog } from "./admin.ts";

/** Notifications (ADR 0030): buyers' SMS per order/refund/withdrawal event, staff live notices. */
export function registerNotifyRoutes(api: Api, _app: FastifyInstance): void {
  const { db, jobs, sms } = api.deps;
  subscribeDurable(jobs, "notify.buyer-sms", BUYER_SMS_EVENTS, (event) => sendBuyerSms(db, sms, event));
  subscribeDurable(jobs, "notify.staff-notice", STAFF_NOTICE_EVENTS, (event) => recordStaffNotice(db, event));

  api.staff("/shopapi/message/lists", "setting.manage", (_body, ctx) => readTemplates(ctx.db));
  api.staff("/shopapi/message/edit", "setting.manage", (body, ctx) => saveTemplate(ctx, body));
  api.staff("/shopapi/message/smslog", "setting.manage", (body, ctx) => smsLog(ctx.db, body));
  // Every staff member has the bell; each sees only the notices their permissions cover.
  api.staff("/shopapi/staffnotice/lists", "order.view", (_body, ctx) => staffNotices(ctx.db, ctx.staff));
  api.staff("/shopapi/staffnotice/read", "order.view", (body, ctx) => markNoticesRead(ctx.db, ctx.staff, body.id));
}
