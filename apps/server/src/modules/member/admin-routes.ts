import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { pageAccountRecords } from "../account/ledger-view.ts";
import { growthRecords } from "../member-level/levels.ts";
import { adjustGrowth } from "../member-level/staff-levels.ts";
import { pageMemberAddresses } from "../address/member-address.ts";
import { memberCoupons } from "../coupon/member-coupons.ts";
import { historyPage } from "../chat/history.ts";
import { listMembers } from "./admin-list.ts";
import { memberDetail, memberOrders } from "./admin-detail.ts";
import { adjustBalance, adjustPoint } from "./admin-adjust.ts";
import { modifyLevel, modifyStatus } from "./admin-status.ts";
import { addLabel, deleteLabel, editLabel, listLabels, setMemberLabels } from "./admin-labels.ts";

/** 会员 in the console (/shopapi/member/*, /shopapi/memberlabel/*): list, detail, adjustments, status, labels. */
export function registerMemberAdminRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.staff("/shopapi/member/memberlist", "member.view", (body) => listMembers(db, body));
  api.staff("/shopapi/member/detail", "member.view", (body) => memberDetail(db, body.member_id));
  api.staff("/shopapi/member/accountlist", "member.view", ({ member_id, ...query }) => pageAccountRecords(db, member_id, query));
  api.staff("/shopapi/member/growthlist", "member.view", (body) => growthRecords(db, body.member_id, body));
  api.staff("/shopapi/member/orderlist", "member.view", (body) => memberOrders(db, body.member_id, body));
  api.staff("/shopapi/member/addresslist", "member.view", (body) => pageMemberAddresses(db, body.member_id, body));
  api.staff("/shopapi/member/couponlist", "member.view", (body) => memberCoupons(db, body.member_id, { ...body, state: body.state }));
  api.staff("/shopapi/member/chatlist", "member.view", (body) => historyPage(db, body.member_id, { page: body.page, limit: body.limit }));

  api.staff("/shopapi/member/adjustbalance", "member.manage", (body, ctx) => adjustBalance(db, ctx, body.member_id, body.adjust_num, body.remark));
  api.staff("/shopapi/member/adjustpoint", "member.manage", (body, ctx) => adjustPoint(db, ctx, body.member_id, body.adjust_num, body.remark));
  api.staff("/shopapi/member/adjustgrowth", "member.manage", (body, ctx) => adjustGrowth(db, ctx, body.member_id, body.adjust_num, body.remark));
  api.staff("/shopapi/member/modifylevel", "member.manage", (body, ctx) => modifyLevel(db, ctx, body.member_id, body.level_id));
  api.staff("/shopapi/member/modifystatus", "member.manage", (body, ctx) => modifyStatus(db, ctx, body.member_ids, body.status));
  api.staff("/shopapi/member/modifylabel", "member.manage", (body, ctx) => setMemberLabels(db, ctx, body.member_ids, body.label_ids));

  api.staff("/shopapi/memberlabel/lists", "member.view", () => listLabels(db));
  api.staff("/shopapi/memberlabel/add", "member.manage", (body, ctx) => addLabel(db, ctx, body));
  api.staff("/shopapi/memberlabel/edit", "member.manage", ({ label_id, ...input }, ctx) => editLabel(db, ctx, label_id, input));
  api.staff("/shopapi/memberlabel/delete", "member.manage", (body, ctx) => deleteLabel(db, ctx, body.label_id));
}
