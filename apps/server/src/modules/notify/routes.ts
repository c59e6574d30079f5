import type { FastifyInstance } from "fastify";
import { SIGNED_IN_STAFF, type Api } from "../../core/api.ts";
import { subscribeAfterCommit } from "../../core/events.ts";
import { subscribeDurable } from "../jobs/event-jobs.ts";
import { readTemplates } from "./templates.ts";
import { BUYER_SMS_EVENTS, sendBuyerSms } from "./buyer-sms.ts";
import { markNoticesRead, recordStaffNotice, staffNotices, STAFF_NOTICE_EVENTS, type StoredNotice } from "./staff-notices.ts";
import { saveTemplate, smsLog } from "./admin.ts";
import { createStaffNoticeHub, type StaffNoticeHub } from "./notice-push.ts";
import { registerNoticeSocket } from "./notice-socket.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's staff notice sockets (notice-push.ts): tests reach them through it. */
    staffNoticeHub: StaffNoticeHub;
  }
}

/** Notifications (ADR 0030, 0031): buyers' SMS per order/refund/withdrawal event, staff notices pushed live. */
export function registerNotifyRoutes(api: Api, app: FastifyInstance): void {
  const { db, jobs, sms } = api.deps;
  // A plugin, so the hub's Redis subscriber is up before the app is ready.
  app.register(async () => {
    app.decorate("staffNoticeHub", await createStaffNoticeHub(api.deps, app));
  });
  const hub = () => app.staffNoticeHub;
  registerNoticeSocket(app, api.deps, hub);

  subscribeDurable(jobs, "notify.buyer-sms", BUYER_SMS_EVENTS, (event) => sendBuyerSms(db, sms, event));
  // A staff notice is stored (and pushed) right after the event's commit; its durable job stores it
  // if that did not happen (the process died in between) — whichever stores it pushes it.
  const push = (notice: StoredNotice) => (app.hasDecorator("staffNoticeHub") ? hub().push(notice) : Promise.resolve());
  const storing = new Set<Promise<void>>();
  subscribeAfterCommit("notify.staff-notice-now", STAFF_NOTICE_EVENTS, async (event) => {
    // Not awaited: the payer's response does not wait for the staff. And an event recorded in a
    // transaction that is no unit of work (the seed's) has its after-commit work run at once,
    // inside that transaction, whose SQLite connection this would wait for.
    const task = recordStaffNotice(db, event, push).catch((error: unknown) => app.log.warn({ err: error, event }, "staff notice: not stored after commit (its job will)"));
    storing.add(task);
    void task.finally(() => storing.delete(task));
  });
  app.addHook("preClose", async () => {
    await Promise.all([...storing]);
  });
  subscribeDurable(jobs, "notify.staff-notice", STAFF_NOTICE_EVENTS, (event) => recordStaffNotice(db, event, push));

  api.staff("/shopapi/message/lists", "setting.manage", (_body, ctx) => readTemplates(ctx.db));
  api.staff("/shopapi/message/edit", "setting.manage", (body, ctx) => saveTemplate(ctx, body));
  api.staff("/shopapi/message/smslog", "setting.manage", (body, ctx) => smsLog(ctx.db, body));
  // Every staff member has the bell; each sees only the notices their permissions cover.
  api.staff("/shopapi/staffnotice/lists", SIGNED_IN_STAFF, (_body, ctx) => staffNotices(ctx.db, ctx.staff));
  api.staff("/shopapi/staffnotice/read", SIGNED_IN_STAFF, (body, ctx) => markNoticesRead(ctx.db, ctx.staff, body.id));
}
