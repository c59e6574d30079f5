import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import {
  addAdv, alterAdvState, deleteAdv, editAdv, editAdvPosition, listAdvPositions, listAdvs, sortAdvs,
} from "../site/content-admin-adv.ts";
import {
  addFloor, deleteFloor, editFloor, listStaffFloors, modifyFloorState, selectableGoods, sortFloors,
} from "../site/content-admin-floors.ts";
import { friendlyLinkAdmin, listStaffLinks, listStaffNav, navAdmin } from "../site/content-admin-lists.ts";
import { addGroup, deleteGroup, editGroup, listGroups, sortGroups } from "./admin-groups.ts";
import {
  addArticle, addHelp, addNotice, deleteArticle, deleteHelp, deleteNotice, editArticle, editHelp, editNotice,
  getStaffArticle, getStaffHelp, getStaffNotice, listStaffArticles, listStaffHelp, listStaffNotices,
  modifyArticleSort, modifyHelpSort, modifyNoticeSort,
} from "./admin-docs.ts";

/**
 * The back office's staff calls for ads, the home page's floors, navigation and friendly links (modules/site),
 * articles, notices and help (modules/cms); all need content.manage (docs/api/console-content.md).
 */
export function registerContentAdminRoutes(api: Api, _app: FastifyInstance): void {
  const staff = <P extends Parameters<Api["staff"]>[0]>(path: P, handler: Parameters<typeof api.staff<P>>[2]) => api.staff(path, "content.manage", handler);

  // ads
  staff("/shopapi/adv/index", (query, ctx) => listAdvPositions(ctx.db, query));
  staff("/shopapi/adv/editposition", (input, ctx) => editAdvPosition(ctx.db, ctx, input));
  staff("/shopapi/adv/lists", (query, ctx) => listAdvs(ctx.db, query));
  staff("/shopapi/adv/addadv", (input, ctx) => addAdv(ctx.db, ctx, input));
  staff("/shopapi/adv/editadv", ({ adv_id, ...input }, ctx) => editAdv(ctx.db, ctx, adv_id, input));
  staff("/shopapi/adv/alteradvstate", ({ adv_id, state }, ctx) => alterAdvState(ctx.db, ctx, adv_id, state));
  staff("/shopapi/adv/deleteadv", ({ adv_id }, ctx) => deleteAdv(ctx.db, ctx, adv_id));
  staff("/shopapi/adv/sortadv", ({ ap_id, ids }, ctx) => sortAdvs(ctx.db, ctx, ap_id, ids));

  // home page floors
  staff("/shopapi/pc/floor", (_body, ctx) => listStaffFloors(ctx.db));
  staff("/shopapi/pc/addfloor", (input, ctx) => addFloor(ctx.db, ctx, input));
  staff("/shopapi/pc/editfloor", ({ id, ...input }, ctx) => editFloor(ctx.db, ctx, id, input));
  staff("/shopapi/pc/modifyfloorstate", ({ id, state }, ctx) => modifyFloorState(ctx.db, ctx, id, state));
  staff("/shopapi/pc/deletefloor", ({ id }, ctx) => deleteFloor(ctx.db, ctx, id));
  staff("/shopapi/pc/floorsort", ({ ids }, ctx) => sortFloors(ctx.db, ctx, ids));
  staff("/shopapi/pc/goodsselect", (query, ctx) => selectableGoods(ctx.db, query));

  // navigation and friendly links
  staff("/shopapi/pc/navlist", (_body, ctx) => listStaffNav(ctx.db));
  staff("/shopapi/pc/addnav", (input, ctx) => navAdmin.add(ctx.db, ctx, input));
  staff("/shopapi/pc/editnav", ({ id, ...input }, ctx) => navAdmin.edit(ctx.db, ctx, id, input));
  staff("/shopapi/pc/deletenav", ({ id }, ctx) => navAdmin.remove(ctx.db, ctx, id));
  staff("/shopapi/pc/navsort", ({ ids }, ctx) => navAdmin.sort(ctx.db, ctx, ids));
  staff("/shopapi/pc/linklist", (_body, ctx) => listStaffLinks(ctx.db));
  staff("/shopapi/pc/addlink", (input, ctx) => friendlyLinkAdmin.add(ctx.db, ctx, input));
  staff("/shopapi/pc/editlink", ({ id, ...input }, ctx) => friendlyLinkAdmin.edit(ctx.db, ctx, id, input));
  staff("/shopapi/pc/deletelink", ({ id }, ctx) => friendlyLinkAdmin.remove(ctx.db, ctx, id));
  staff("/shopapi/pc/linksort", ({ ids }, ctx) => friendlyLinkAdmin.sort(ctx.db, ctx, ids));

  // articles and their categories
  staff("/shopapi/article/lists", (query, ctx) => listStaffArticles(ctx.db, query));
  staff("/shopapi/article/info", ({ article_id }, ctx) => getStaffArticle(ctx.db, article_id));
  staff("/shopapi/article/add", (input, ctx) => addArticle(ctx.db, ctx, input));
  staff("/shopapi/article/edit", ({ article_id, ...input }, ctx) => editArticle(ctx.db, ctx, article_id, input));
  staff("/shopapi/article/delete", ({ article_id }, ctx) => deleteArticle(ctx.db, ctx, article_id));
  staff("/shopapi/article/modifysort", ({ article_id, sort }, ctx) => modifyArticleSort(ctx.db, ctx, article_id, sort));
  staff("/shopapi/articlecategory/lists", (_body, ctx) => listGroups(ctx.db, "article_category"));
  staff("/shopapi/articlecategory/add", (input, ctx) => addGroup(ctx.db, ctx, "article_category", input));
  staff("/shopapi/articlecategory/edit", ({ id, ...input }, ctx) => editGroup(ctx.db, ctx, "article_category", id, input));
  staff("/shopapi/articlecategory/delete", ({ id }, ctx) => deleteGroup(ctx.db, ctx, "article_category", id));
  staff("/shopapi/articlecategory/sort", ({ ids }, ctx) => sortGroups(ctx.db, ctx, "article_category", ids));

  // notices
  staff("/shopapi/notice/lists", (query, ctx) => listStaffNotices(ctx.db, query));
  staff("/shopapi/notice/info", ({ id }, ctx) => getStaffNotice(ctx.db, id));
  staff("/shopapi/notice/add", (input, ctx) => addNotice(ctx.db, ctx, input));
  staff("/shopapi/notice/edit", ({ id, ...input }, ctx) => editNotice(ctx.db, ctx, id, input));
  staff("/shopapi/notice/delete", ({ id }, ctx) => deleteNotice(ctx.db, ctx, id));
  staff("/shopapi/notice/modifysort", ({ id, sort }, ctx) => modifyNoticeSort(ctx.db, ctx, id, sort));

  // help and its classes
  staff("/shopapi/help/helplist", (query, ctx) => listStaffHelp(ctx.db, query));
  staff("/shopapi/help/info", ({ id }, ctx) => getStaffHelp(ctx.db, id));
  staff("/shopapi/help/addhelp", (input, ctx) => addHelp(ctx.db, ctx, input));
  staff("/shopapi/help/edithelp", ({ id, ...input }, ctx) => editHelp(ctx.db, ctx, id, input));
  staff("/shopapi/help/deletehelp", ({ id }, ctx) => deleteHelp(ctx.db, ctx, id));
  staff("/shopapi/help/modifysort", ({ id, sort }, ctx) => modifyHelpSort(ctx.db, ctx, id, sort));
  staff("/shopapi/help/classlist", (_body, ctx) => listGroups(ctx.db, "help_class"));
  staff("/shopapi/help/addclass", (input, ctx) => addGroup(ctx.db, ctx, "help_class", input));
  staff("/shopapi/help/editclass", ({ id, ...input }, ctx) => editGroup(ctx.db, ctx, "help_class", id, input));
  staff("/shopapi/help/deleteclass", ({ id }, ctx) => deleteGroup(ctx.db, ctx, "help_class", id));
  staff("/shopapi/help/classsort", ({ ids }, ctx) => sortGroups(ctx.db, ctx, "help_class", ids));
}
