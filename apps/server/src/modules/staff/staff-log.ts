import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import type { StaffContext } from "../../core/context.ts";

/**
 * Records a staff action (who, what, on which record). Written with the action's own unit of
 * work, so an action that rolled back leaves no log line claiming it happened.
 */
export async function logStaffAction(
  tx: Db,
  ctx: Pick<StaffContext, "staff" | "ip">,
  action: string,
  target: { type: string; id: string | number },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .insertInto("staff_log")
    .values({
      staff_id: ctx.staff.staff_id,
      staff_name: ctx.staff.username,
      action,
      target_type: target.type,
      target_id: String(target.id),
      detail: JSON.stringify(detail),
      ip: ctx.ip.slice(0, 64),
      create_time: now(),
    })
    .execute();
}
