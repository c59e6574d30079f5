import type { AdminStaffLog, Page } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";

/**
 * The operation log (/shopapi/user/userlog): what staff did, newest first, filtered by who, which
 * action, which record and when (indexes of migrations 0006 and 0036). Lines are only ever added.
 */
export interface LogFilter extends PageRequest {
  uid?: number;
  action: string;
  target_type: string;
  target_id: string;
  /** unix seconds, 0 = no bound; both inclusive */
  start_time: number;
  end_time: number;
}

export async function pageLog(db: Db, filter: LogFilter): Promise<Page<AdminStaffLog>> {
  let query = db
    .selectFrom("staff_log")
    .select(["id", "staff_id as uid", "staff_name as username", "action", "target_type", "target_id", "detail", "ip", "create_time"])
    .orderBy("create_time", "desc")
    .orderBy("id", "desc");
  if (filter.uid) query = query.where("staff_id", "=", filter.uid);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.target_type) query = query.where("target_type", "=", filter.target_type);
  if (filter.target_id) query = query.where("target_id", "=", filter.target_id);
  if (filter.start_time) query = query.where("create_time", ">=", filter.start_time);
  if (filter.end_time) query = query.where("create_time", "<=", filter.end_time);
  return paginate(db, query, filter);
}
