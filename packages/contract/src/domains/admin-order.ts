import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { PROMOTION_KINDS } from "./promotion.ts";
import { memberAddressFields } from "./address.ts";
import type { FileDownload } from "./goods-admin-import.ts";
import type { StaffOrderListItem } from "./order.ts";

/**
 * The console's order calls beyond order.ts (reference admin Order controller): the list with all
 * its filters and orders, the counts of its status tabs, the shop's remark, the receiver edited
 * before shipping, and the Excel exports of what the filters select (orders, or one row per line).
 */

/** The list's orders (`order`), newest first by default. */
export const STAFF_ORDER_SORTS = ["create_time", "pay_time", "order_money"] as const;
/** `promotion_type`: "" every order, "empty" ordinary orders only (reference), or one promotion. */
export const ORDER_PROMOTION_FILTERS = ["", "empty", ...PROMOTION_KINDS] as const;
/** The statuses staff filter by (state-machine.ts; the dashboard links order_status=1 for 待发货). */
export const STAFF_ORDER_STATUSES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: "待支付" },
  { value: 1, label: "待发货" },
  { value: 2, label: "待提货" },
  { value: 3, label: "已发货" },
  { value: 4, label: "已收货" },
  { value: 11, label: "待使用" },
  { value: 12, label: "已使用" },
  { value: 10, label: "已完成" },
  { value: -1, label: "已关闭" },
];

const unixTime = z.coerce.number().int().min(0).max(4_102_444_800);

/** What selects orders: the list, its tab counts and the exports take the same filters. */
export const staffOrderFilterFields = {
  /** a status number, or "all" / "" for every status */
  order_status: z.union([z.literal("all"), z.literal(""), z.coerce.number().int().min(-1).max(12)]).default("all"),
  /** 1 express, 2 pickup, 3 local delivery, 4 virtual; 0 every type */
  order_type: z.coerce.number().int().min(0).max(4).default(0),
  /** the order number, or its beginning */
  order_no: text(40).default(""),
  /** the buyer: member id, exact username or mobile, or part of the nickname */
  member: text(50).default(""),
  /** the receiver's mobile, exact */
  mobile: text(20).default(""),
  /** part of a goods name (the order's name lists its goods) */
  order_name: text(50).default(""),
  /** balance | alipay | wechatpay | … ("" every method) */
  pay_type: text(20).default(""),
  promotion_type: z.enum(ORDER_PROMOTION_FILTERS, { error: "营销类型无效" }).default(""),
  /** create_time range, unix seconds (0 = open) */
  start_time: unixTime.default(0),
  end_time: unixTime.default(0),
};
export type StaffOrderFilter = z.output<z.ZodObject<typeof staffOrderFilterFields>>;

/** How many orders each status tab holds under the other filters: `all` and one entry per status ("1": 待发货…). */
export type OrderStatusCounts = Record<string, number>;

/** 核销台: what a verification code belongs to, before it is used. */
export interface VerifyDeskInfo {
  order_id: number;
  order_no: string;
  order_type_name: string;
  order_status: number;
  order_status_name: string;
  /** true while the code may be used now (待提货 / 待使用) */
  verifiable: boolean;
  /** the buyer's nickname or username */
  buyer: string;
  /** the pickup store ("" for virtual orders) */
  store_name: string;
  pay_money: string;
  create_time: number;
  goods_list: Array<{ sku_name: string; sku_image: string; num: number }>;
}

/**
 * 批量发货 by Excel (the reference's Orderimportfile: `exportDeliveryOrder`, `importOrder`): the
 * workbook in the multipart field `xlsx`; its columns 订单编号, 物流公司, 物流单号 are read (the
 * template's others — 订单内容, 收货人… — are for the eye). Each good row ships all the order's lines
 * still to send, one order per unit of work, as /shopapi/order/delivery does.
 */
export const ORDER_IMPORT_FILE_FIELD = "xlsx";
export const ORDER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Data rows (orders) of one workbook; the template lists at most this many orders waiting to ship. */
export const ORDER_IMPORT_MAX_ROWS = 2_000;

/** A row of the shipping workbook and what became of it (the reference's order_import_file_log). */
export interface OrderImportRow {
  /** the line as the spreadsheet numbers it (the header is line 1) */
  line: number;
  order_no: string;
  /** 0 when no order has that number */
  order_id: number;
  order_name: string;
  /** as written in the row */
  express_company_name: string;
  delivery_no: string;
  /** 0 ships (in a dry run: would ship), -1 refused */
  status: 0 | -1;
  /** why it is refused ("" when it ships) */
  reason: string;
}

/** What an import did (or, in a dry run, would do), with the reference's counts. */
export interface OrderImportReport {
  dry_run: 0 | 1;
  /** data rows read */
  order_num: number;
  /** rows shipped (dry run: that would ship) */
  success_num: number;
  /** rows refused */
  error_num: number;
  /** every row, by line */
  rows: OrderImportRow[];
}

const { name, mobile, telephone, province_id, city_id, district_id, address } = memberAddressFields;

export const orderAdminEndpoints = {
  "/shopapi/order/lists": endpoint<Page<StaffOrderListItem>>()(
    z.object({
      ...paging,
      ...staffOrderFilterFields,
      order: z.enum(STAFF_ORDER_SORTS, { error: "排序字段无效" }).default("create_time"),
      sort: z.enum(["asc", "desc"], { error: "排序方向无效" }).default("desc"),
    }),
  ),
  /** the counts of the status tabs, under the list's other filters */
  "/shopapi/order/statuscount": endpoint<OrderStatusCounts>()(z.object(staffOrderFilterFields)),
  /** the shop's remark (卖家备注); "" clears it */
  "/shopapi/order/orderremark": endpoint<null>()(z.object({ order_id: id, remark: text(200).default("") })),
  /** the receiver, while nothing of the order is shipped yet (express and local delivery orders) */
  "/shopapi/order/editaddress": endpoint<null>()(z.object({ order_id: id, name, mobile, telephone, province_id, city_id, district_id, address })),
  /** 核销台: the order a pickup / virtual code belongs to (the use itself: /shopapi/order/verify) */
  "/shopapi/order/verifyinfo": endpoint<VerifyDeskInfo>()(
    z.object({ verify_code: z.string({ error: "请输入核销码" }).trim().min(1, "请输入核销码").max(32) }),
  ),
  /** the orders the filters select, one row per order (.xlsx, streamed) */
  "/shopapi/order/exportorder": endpoint<FileDownload>()(z.object(staffOrderFilterFields)),
  /** the lines of the orders the filters select, one row per line (.xlsx, streamed) */
  "/shopapi/order/exportordergoods": endpoint<FileDownload>()(z.object(staffOrderFilterFields)),
  /** 批量发货 template (.xlsx): the express and local-delivery orders waiting to ship (oldest first, at most ORDER_IMPORT_MAX_ROWS), the shop's express companies on a second sheet */
  "/shopapi/orderimportfile/exportdeliveryorder": endpoint<FileDownload>()(noBody),
  /**
   * multipart: the filled workbook in `xlsx` (≤2 MB, ≤2,000 rows); `dry_run: 1` checks every row and
   * ships nothing; else each good row's order ships in its own unit of work and every row is reported
   */
  "/shopapi/orderimportfile/importorder": endpoint<OrderImportReport>()(
    z.object({ dry_run: z.coerce.number().int().min(0).max(1).default(0) }),
  ),
};
