import type { Generated } from "kysely";

/**
 * Tables of one area of issue 23 (back office II). A new table goes here, into its migration, and
 * into `notifyExpected` below (checked against the database by schema-matches-migrations.test.ts).
 */
export interface NotifyTables {
  notify_template: NotifyTemplateTable;
  notify_sms_log: NotifySmsLogTable;
  staff_notice: StaffNoticeTable;
  staff_notice_read: StaffNoticeReadTable;
}

/** A buyer SMS template staff changed (reference message keywords ORDER_PAY, …); absent: the default in code. */
export interface NotifyTemplateTable {
  keywords: string;
  is_open: number;
  content: string;
  update_time: number;
}

/** One buyer message: send_key (event + template) is unique, so it is sent once whatever retries. */
export interface NotifySmsLogTable {
  id: Generated<number>;
  send_key: string;
  keywords: string;
  member_id: number;
  mobile: string;
  content: string;
  /** sending, sent, failed */
  status: string;
  attempts: number;
  error: string;
  create_time: number;
  send_time: number;
}

/** A live notice for the staff whose permissions cover it (a paid order, a refund asked, a complaint). */
export interface StaffNoticeTable {
  id: Generated<number>;
  /** the event it came from: unique, so a retried job writes it once */
  notice_key: string;
  kind: string;
  /** the permission a staff member needs to see it */
  permission: string;
  title: string;
  content: string;
  /** console path it opens */
  link: string;
  create_time: number;
}

export interface StaffNoticeReadTable {
  notice_id: number;
  staff_id: number;
  read_time: number;
}

const NN = "not null" as const;

/** This area's part of EXPECTED_SCHEMA (expected-schema.ts): its tables' columns and whether each may be NULL. */
export const notifyExpected = {
  notify_template: { keywords: NN, is_open: NN, content: NN, update_time: NN },
  notify_sms_log: {
    id: NN, send_key: NN, keywords: NN, member_id: NN, mobile: NN, content: NN, status: NN, attempts: NN, error: NN, create_time: NN, send_time: NN,
  },
  staff_notice: { id: NN, notice_key: NN, kind: NN, permission: NN, title: NN, content: NN, link: NN, create_time: NN },
  staff_notice_read: { notice_id: NN, staff_id: NN, read_time: NN },
};
