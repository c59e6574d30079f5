import { codeOnly, list, nullable, oneOf, page, record, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * Recharge, withdrawal accounts and withdrawals (docs/api/recharge.md, withdraw.md): what a client
 * of the reference's member centre reads (the recharge addon's packages, orders and create; the
 * bank accounts; the withdrawal settings, totals, applications and records), and the fields of our
 * own calls — the recharge order's detail, the staff API.
 */

// ---- recharge ---------------------------------------------------------------------------------

/** A package as the reference lists it (coupon_id: the bonus coupon types, "3,7" or ""). */
const rechargePackage: Shape = {
  recharge_id: "integer", recharge_name: "string", face_value: "money", buy_price: "money", point: "integer", growth: "integer", coupon_id: "string",
};
const rechargeStatus = oneOf(0, 1, -1);
const rechargeOrder: Shape = {
  order_id: "integer", order_no: "string", out_trade_no: "string", recharge_name: "string", face_value: "money", buy_price: "money", point: "integer",
  growth: "integer", status: rechargeStatus, status_name: "string", create_time: "unix", pay_time: "unix",
};
/** The bonus coupons, readable (the suite buys a package that gives some, so their fields are checked). */
const rechargeCoupons = list({ coupon_type_id: "integer", coupon_name: "string", coupon_desc: "string" });

// ---- withdrawals ------------------------------------------------------------------------------

const withdrawType = oneOf("bank", "alipay");
const bankAccount: Shape = {
  id: "integer", realname: "string", mobile: "string", withdraw_type: withdrawType, withdraw_type_name: "string", branch_bank_name: "string",
  bank_account: "string", is_default: "flag",
};
const withdrawConfig: Shape = {
  is_use: "flag", min: "money", rate: "number", transfer_type: "string", transfer_type_list: list({ type: withdrawType, name: "string" }),
};
/** A withdrawal as the records list shows it. */
const withdrawItem: Shape = {
  id: "integer", withdraw_no: "string", transfer_type: withdrawType, transfer_type_name: "string", bank_name: "string", account_number: "string",
  apply_money: "money", service_money: "money", money: "money", status: oneOf(0, 1, 2, -1, -2), status_name: "string", apply_time: "unix",
};
/** …and as its detail page shows it: the holder, the fee rate, every step's time and reason. */
const withdrawRecord: Shape = {
  ...withdrawItem, realname: "string", mobile: "string", rate: "number", audit_time: "unix", payment_time: "unix", fail_time: "unix",
  refuse_reason: "string", fail_reason: "string", certificate_remark: "string",
};
const staffWithdrawRecord: Shape = {
  ...withdrawRecord, member_id: "integer", member_username: "string", member_nickname: "string",
  staff_actions: list(oneOf("agree", "refuse", "transfer", "fail"), { mayBeEmpty: true }),
};
const withdrawStatus: Shape = { status: "integer" };

export const walletReads: Record<string, FieldSpec> = {
  "/memberrecharge/api/memberrecharge/page": page(rechargePackage),
  "/memberrecharge/api/memberrecharge/info": rechargePackage,
  /** the out_trade_no of the order's trade (the cashier's code) */
  "/memberrecharge/api/ordercreate/create": "string",
  "/memberrecharge/api/order/page": page(rechargeOrder),
  "/memberrecharge/api/order/detail": {
    ...rechargeOrder, coupon_list: rechargeCoupons, pay_type_name: "string", close_time: "unix", auto_close_time: "unix",
  },
  "/shopapi/memberrecharge/lists": page({
    ...rechargePackage, coupon_list: rechargeCoupons, sale_num: "integer", status: oneOf(0, 1), sort: "integer", create_time: "unix",
  }),
  "/shopapi/memberrecharge/add": { recharge_id: "integer" },
  "/shopapi/memberrecharge/edit": { recharge_id: "integer" },
  "/shopapi/memberrecharge/setstatus": { recharge_id: "integer" },
  "/shopapi/memberrecharge/orderlists": page({ ...rechargeOrder, member_id: "integer", username: "string", nickname: "string", mobile: "string" }),

  "/api/memberbankaccount/page": page(bankAccount),
  "/api/memberbankaccount/info": bankAccount,
  "/api/memberbankaccount/defaultinfo": nullable(bankAccount),
  "/api/memberbankaccount/add": "integer",
  "/api/memberbankaccount/edit": "integer",
  "/api/memberbankaccount/setdefault": codeOnly,
  "/api/memberbankaccount/delete": codeOnly,

  "/api/memberwithdraw/info": { balance: "money", withdrawable: "money", frozen: "money", withdrawn: "money", is_pay_password: "flag", config: withdrawConfig },
  "/api/memberwithdraw/config": withdrawConfig,
  "/api/memberwithdraw/transferType": record("type", "string"),
  "/api/memberwithdraw/apply": { id: "integer", withdraw_no: "string", status: "integer" },
  "/api/memberwithdraw/page": page(withdrawItem),
  "/api/memberwithdraw/detail": withdrawRecord,

  "/shopapi/memberwithdraw/lists": page(staffWithdrawRecord),
  "/shopapi/memberwithdraw/detail": staffWithdrawRecord,
  "/shopapi/memberwithdraw/agree": withdrawStatus,
  "/shopapi/memberwithdraw/refuse": withdrawStatus,
  "/shopapi/memberwithdraw/transfer": withdrawStatus,
  "/shopapi/memberwithdraw/fail": withdrawStatus,
  "/shopapi/memberwithdraw/config": withdrawConfig,
  "/shopapi/memberwithdraw/setconfig": withdrawConfig,
};

/**
 * Ours: the reference's recharge addon has no order detail call, and its back office is server-rendered
 * (no /shopapi/ calls). Every other member call here is the reference's (niushop-api.md, "Member").
 */
export const OUR_WALLET_CALLS: readonly string[] = Object.keys(walletReads).filter(
  (path) => path.startsWith("/shopapi/") || path === "/memberrecharge/api/order/detail",
);
