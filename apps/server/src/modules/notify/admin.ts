import { NOTIFY_SMS_STATUS, NOTIFY_TEMPLATES, type NotifyKeywords, type NotifySmsLogItem, type NotifySmsStatus } from "@shop/contract/domains/admin-notify";
import type { Page } from "@shop/contract/codes";
import type { StaffContext } from "../../core/context.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { now } from "../../core/time.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { logStaffAction } from "../staff/staff-log.ts";

/** 设置 › 消息通知: one template switched on/off and its text saved (staff-logged). */
export async function saveTemplate(ctx: StaffContext, input: { keywords: NotifyKeywords; is_open: 0 | 1; content: string }): Promise<{ update_time: number }> {
  const at = now();
  await unitOfWork(ctx.db, async (tx) => {
    const row = { is_open: input.is_open, content: input.content, update_time: at };
    await tx
      .insertInto("notify_template")
      .values({ keywords: input.keywords, ...row })
      .onConflict((conflict) => conflict.column("keywords").doUpdateSet(row))
      .execute();
    await logStaffAction(tx, ctx, "message.edit", { type: "notify_template", id: input.keywords }, { is_open: input.is_open });
  });
  return { update_time: at };
}

/** A whole mainland mobile number; fewer digits are part of one. */
const WHOLE_MOBILE_DIGITS = 11;

/**
 * The buyer messages, newest first, with their status and last failure. `mobile` (digits only, by
 * the contract): a whole number answers exactly that number's messages; part of one answers the
 * numbers containing it (the reference's record search matches a part, `like %…%`).
 */
export async function smsLog(db: Db, query: PageRequest & { status: "" | NotifySmsStatus; mobile: string }): Promise<Page<NotifySmsLogItem>> {
  let rows = db.selectFrom("notify_sms_log").select(["id", "keywords", "mobile", "content", "status", "attempts", "error", "create_time", "send_time"]);
  if (query.status) rows = rows.where("status", "=", query.status);
  if (query.mobile.length === WHOLE_MOBILE_DIGITS) rows = rows.where("mobile", "=", query.mobile);
  else if (query.mobile) rows = rows.where("mobile", "like", `%${query.mobile}%`);
  const page = await paginate(db, rows.orderBy("id", "desc"), query);
  return mapPage(page, (row) => ({
    ...row,
    title: NOTIFY_TEMPLATES[row.keywords as NotifyKeywords]?.title ?? row.keywords,
    status: row.status as NotifySmsStatus,
    status_name: NOTIFY_SMS_STATUS[row.status as NotifySmsStatus] ?? row.status,
  }));
}
