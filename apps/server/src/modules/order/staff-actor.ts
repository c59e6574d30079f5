import type { StaffIdentity } from "../staff/tokens.ts";
import type { Actor } from "./state-machine.ts";

/** A staff member as the actor of an order event (order_log names who did it). */
export const staffActor = (staff: StaffIdentity): Actor => ({ type: "staff", id: staff.staff_id, name: staff.nickname || staff.username });
