import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Api } from "../../core/api.ts";
import { countMemberOrders, findMemberOrder, listMemberOrders, memberOrderDetail } from "./member-orders.ts";
import { orderEvaluateInfo } from "../evaluate/order-info.ts";
import { closeByMember, deleteByMember, takeDelivery } from "./member-actions.ts";
import { orderPackages, storedTraceProvider, type LogisticsProvider } from "./logistics.ts";
import { registerOrderJobs } from "./jobs.ts";
import { countStaffOrdersByStatus, listExpressCompanies, listStaffOrders, staffOrderDetail } from "./staff-orders.ts";
import { editOrderReceiver, setOrderRemark } from "./order-admin-actions.ts";
import { exportOrders } from "./order-export.ts";
import { verifyDeskInfo } from "./verify-desk.ts";
import { shipOrder } from "./ship.ts";
import { adjustOrderPrice } from "./adjust-price.ts";
import { staffCloseOrder, verifyByCode } from "./staff-actions.ts";
import { importShipWorkbook, shipImportTemplate } from "./ship-import.ts";
import { ORDER_IMPORT_FILE_FIELD, ORDER_IMPORT_MAX_BYTES } from "@shop/contract";

/**
 * Orders: the member's own orders (/api/order/…), the staff API (/shopapi/order/…) and the order
 * timers. `logistics` answers package traces; the built-in provider replays what staff entered.
 */
export function registerOrderRoutes(api: Api, _app: FastifyInstance, logistics: LogisticsProvider = storedTraceProvider(api.deps.db)): void {
  registerOrderJobs(api.deps);

  api.member("/api/order/lists", (body, ctx) => listMemberOrders(ctx.db, ctx.memberId, body));
  api.member("/api/order/detail", (body, ctx) => memberOrderDetail(ctx.db, logistics, ctx.memberId, body.order_id));
  api.member("/api/order/close", (body, ctx) => closeByMember(ctx.db, ctx.memberId, body.order_id, body.reason));
  api.member("/api/order/takedelivery", (body, ctx) => takeDelivery(ctx.db, ctx.memberId, body.order_id));
  api.member("/api/order/delete", (body, ctx) => deleteByMember(ctx.db, ctx.memberId, body.order_id));
  api.member("/api/order/package", async (body, ctx) => {
    await findMemberOrder(ctx.db, ctx.memberId, body.order_id);
    return orderPackages(ctx.db, logistics, body.order_id);
  });
  api.member("/api/order/num", (_body, ctx) => countMemberOrders(ctx.db, ctx.memberId));
  api.member("/api/order/evluateinfo", (body, ctx) => orderEvaluateInfo(ctx.db, ctx.memberId, body.order_id));

  api.staff("/shopapi/order/lists", "order.view", (body, ctx) => listStaffOrders(ctx.db, body));
  api.staff("/shopapi/order/statuscount", "order.view", (body, ctx) => countStaffOrdersByStatus(ctx.db, body));
  const exportFailed = (ctx: { request: FastifyRequest }) => (error: unknown) => ctx.request.log.error({ err: error, reqId: ctx.request.id }, "order export failed while streaming");
  api.staff("/shopapi/order/exportorder", "order.view", (filter, ctx) => exportOrders(ctx.db, filter, "orders", exportFailed(ctx)));
  api.staff("/shopapi/order/exportordergoods", "order.view", (filter, ctx) => exportOrders(ctx.db, filter, "lines", exportFailed(ctx)));
  api.staff("/shopapi/order/detail", "order.view", (body, ctx) => staffOrderDetail(ctx.db, logistics, body.order_id));
  api.staff("/shopapi/express/companies", "order.view", (_body, ctx) => listExpressCompanies(ctx.db));
  api.staff("/shopapi/order/delivery", "order.ship", (body, ctx) => shipOrder(ctx.db, ctx, body.order_id, body.packages));
  // 批量发货 by Excel (ship-import.ts): the template of orders waiting to ship, and the filled file.
  api.staff("/shopapi/orderimportfile/exportdeliveryorder", "order.ship", (_body, ctx) => shipImportTemplate(ctx.db));
  api.staffUpload("/shopapi/orderimportfile/importorder", "order.ship", { field: ORDER_IMPORT_FILE_FIELD, maxBytes: ORDER_IMPORT_MAX_BYTES }, ({ dry_run }, file, ctx) =>
    importShipWorkbook(ctx.db, ctx, file, dry_run === 1),
  );
  api.staff("/shopapi/order/adjustprice", "order.adjust", (body, ctx) => adjustOrderPrice(ctx.db, ctx, body.order_id, body));
  api.staff("/shopapi/order/close", "order.close", (body, ctx) => staffCloseOrder(ctx.db, ctx, body.order_id, body.reason));
  // No status changes: the shop's remark (any staff who may ship writes it) and the receiver before shipping.
  api.staff("/shopapi/order/orderremark", "order.ship", (body, ctx) => setOrderRemark(ctx.db, ctx, body.order_id, body.remark));
  api.staff("/shopapi/order/editaddress", "order.ship", ({ order_id, ...receiver }, ctx) => editOrderReceiver(ctx.db, ctx, order_id, receiver));
  api.staff("/shopapi/order/verifyinfo", "order.verify", (body, ctx) => verifyDeskInfo(ctx.db, body.verify_code));
  api.staff("/shopapi/order/verify", "order.verify", (body, ctx) => verifyByCode(ctx.db, ctx, body.verify_code));
}
