import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import type { StaffContext } from "../../core/context.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { reindexGoods } from "../search/search-index.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { addBrand, deleteBrand, editBrand, pageAdminBrands, sortBrand } from "../brand/admin.ts";
import { addStore, deleteStore, editStore, pageAdminStores, setStoreStatus } from "../store/admin.ts";
import {
  addExpressCompany, addFreightTemplate, deleteExpressCompany, deleteFreightTemplate, editExpressCompany, editFreightTemplate,
  listFreightTemplates, pageExpressCompanies, setDefaultFreightTemplate,
} from "../order/express-admin.ts";
import type { CatalogChange } from "./catalog-change.ts";
import { addCategory, deleteCategory, editCategory, listAdminCategories, showCategory, sortCategories } from "./category-admin.ts";
import { addGoodsService, deleteGoodsService, editGoodsService, listGoodsServices, sortGoodsServices } from "./service-admin.ts";
import { addGoodsLabel, deleteGoodsLabel, editGoodsLabel, listGoodsLabels, sortGoodsLabels } from "./label-admin.ts";

/**
 * Finishes a back-office write: the change and its staff log line in one unit of work, then
 * the caches purged on every instance. When names goods are searched by changed, their search
 * documents are rebuilt after the commit and the purge waits for that (a search cached in
 * between would keep the old answer).
 */
async function commitChange<T>(
  ctx: StaffContext,
  action: string,
  target: (result: T) => { type: string; id: string | number },
  body: object,
  work: (tx: Db) => Promise<CatalogChange<T>>,
): Promise<T> {
  const change = await unitOfWork(ctx.db, async (tx) => {
    const done = await work(tx);
    await logStaffAction(tx, ctx, action, target(done.result), { ...body, ...done.detail });
    if (!done.reindex?.length && done.tags.length > 0) await purgeTags({ db: tx }, done.tags);
    return done;
  });
  if (change.reindex?.length) {
    await reindexGoods(ctx.db, ctx.dialect, [...change.reindex]);
    await purgeTags({ db: ctx.db }, change.tags);
  }
  return change.result;
}

const target = <K extends string>(type: string, key: K) => (result: Record<K, number>) => ({ type, id: result[key] });
/** A re-sort's log target: the rows it touched (the log's target_id holds 64 characters). */
const rowsTarget = (type: string, ids: number[]) => () => ({ type, id: ids.join(",").slice(0, 64) });

/** The back office's staff calls for categories, brands, services and labels (modules/goods, modules/brand), stores (modules/store), express companies and freight templates. */
export function registerCatalogAdminRoutes(api: Api, _app: FastifyInstance): void {
  const P = "goods.manage";
  const category = target("goods_category", "category_id");
  api.staff("/shopapi/goodscategory/lists", P, (_body, ctx) => listAdminCategories(ctx.db));
  api.staff("/shopapi/goodscategory/addcategory", P, (body, ctx) => commitChange(ctx, "goodscategory.add", category, body, (tx) => addCategory(tx, body)));
  api.staff("/shopapi/goodscategory/editcategory", P, ({ category_id, ...input }, ctx) =>
    commitChange(ctx, "goodscategory.edit", category, { category_id, ...input }, (tx) => editCategory(tx, category_id, input)),
  );
  api.staff("/shopapi/goodscategory/deletecategory", P, (body, ctx) => commitChange(ctx, "goodscategory.delete", category, body, (tx) => deleteCategory(tx, body.category_id)));
  api.staff("/shopapi/goodscategory/modifysort", P, (body, ctx) =>
    commitChange(ctx, "goodscategory.sort", rowsTarget("goods_category", body.category_sort_array.map((row) => row.category_id)), body, (tx) =>
      sortCategories(tx, body.category_sort_array),
    ),
  );
  api.staff("/shopapi/goodscategory/modifyshow", P, (body, ctx) =>
    commitChange(ctx, "goodscategory.show", category, body, (tx) => showCategory(tx, body.category_id, body.is_show)),
  );

  const brand = target("goods_brand", "brand_id");
  api.staff("/shopapi/goodsbrand/lists", P, (body, ctx) => pageAdminBrands(ctx.db, body));
  api.staff("/shopapi/goodsbrand/addbrand", P, (body, ctx) => commitChange(ctx, "goodsbrand.add", brand, body, (tx) => addBrand(tx, body)));
  api.staff("/shopapi/goodsbrand/editbrand", P, ({ brand_id, ...input }, ctx) =>
    commitChange(ctx, "goodsbrand.edit", brand, { brand_id, ...input }, (tx) => editBrand(tx, brand_id, input)),
  );
  api.staff("/shopapi/goodsbrand/deletebrand", P, (body, ctx) => commitChange(ctx, "goodsbrand.delete", brand, body, (tx) => deleteBrand(tx, body.brand_id)));
  api.staff("/shopapi/goodsbrand/modifysort", P, (body, ctx) => commitChange(ctx, "goodsbrand.sort", brand, body, (tx) => sortBrand(tx, body.brand_id, body.sort)));

  const service = target("goods_service", "id");
  api.staff("/shopapi/goodsservice/lists", P, (_body, ctx) => listGoodsServices(ctx.db));
  api.staff("/shopapi/goodsservice/add", P, (body, ctx) => commitChange(ctx, "goodsservice.add", service, body, (tx) => addGoodsService(tx, body)));
  api.staff("/shopapi/goodsservice/edit", P, ({ id, ...input }, ctx) => commitChange(ctx, "goodsservice.edit", service, { id, ...input }, (tx) => editGoodsService(tx, id, input)));
  api.staff("/shopapi/goodsservice/delete", P, (body, ctx) => commitChange(ctx, "goodsservice.delete", service, body, (tx) => deleteGoodsService(tx, body.id)));
  api.staff("/shopapi/goodsservice/modifysort", P, (body, ctx) =>
    commitChange(ctx, "goodsservice.sort", rowsTarget("goods_service", body.service_sort_array.map((row) => row.id)), body, (tx) =>
      sortGoodsServices(tx, body.service_sort_array),
    ),
  );

  const label = target("goods_label", "id");
  api.staff("/shopapi/goodslabel/lists", P, (_body, ctx) => listGoodsLabels(ctx.db));
  api.staff("/shopapi/goodslabel/add", P, (body, ctx) => commitChange(ctx, "goodslabel.add", label, body, (tx) => addGoodsLabel(tx, body)));
  api.staff("/shopapi/goodslabel/edit", P, ({ id, ...input }, ctx) => commitChange(ctx, "goodslabel.edit", label, { id, ...input }, (tx) => editGoodsLabel(tx, id, input)));
  api.staff("/shopapi/goodslabel/delete", P, (body, ctx) => commitChange(ctx, "goodslabel.delete", label, body, (tx) => deleteGoodsLabel(tx, body.id)));
  api.staff("/shopapi/goodslabel/modifysort", P, (body, ctx) =>
    commitChange(ctx, "goodslabel.sort", rowsTarget("goods_label", body.label_sort_array.map((row) => row.id)), body, (tx) =>
      sortGoodsLabels(tx, body.label_sort_array),
    ),
  );

  const store = target("store", "store_id");
  api.staff("/shopapi/store/lists", P, (body, ctx) => pageAdminStores(ctx.db, body));
  api.staff("/shopapi/store/addstore", P, (body, ctx) => commitChange(ctx, "store.add", store, body, (tx) => addStore(tx, body)));
  api.staff("/shopapi/store/editstore", P, ({ store_id, ...input }, ctx) => commitChange(ctx, "store.edit", store, { store_id, ...input }, (tx) => editStore(tx, store_id, input)));
  api.staff("/shopapi/store/closestore", P, (body, ctx) =>
    commitChange(ctx, body.status === 1 ? "store.open" : "store.close", store, body, (tx) => setStoreStatus(tx, body.store_id, body.status)),
  );
  api.staff("/shopapi/store/deletestore", P, (body, ctx) => commitChange(ctx, "store.delete", store, body, (tx) => deleteStore(tx, body.store_id)));

  const company = target("express_company", "company_id");
  api.staff("/shopapi/express/expresscompany", P, (body, ctx) => pageExpressCompanies(ctx.db, body));
  api.staff("/shopapi/express/addcompany", P, (body, ctx) => commitChange(ctx, "express.company_add", company, body, (tx) => addExpressCompany(tx, body)));
  api.staff("/shopapi/express/editcompany", P, ({ company_id, ...input }, ctx) =>
    commitChange(ctx, "express.company_edit", company, { company_id, ...input }, (tx) => editExpressCompany(tx, company_id, input)),
  );
  api.staff("/shopapi/express/deletecompany", P, (body, ctx) => commitChange(ctx, "express.company_delete", company, body, (tx) => deleteExpressCompany(tx, body.company_id)));

  const template = target("express_template", "template_id");
  api.staff("/shopapi/express/template", P, (_body, ctx) => listFreightTemplates(ctx.db));
  api.staff("/shopapi/express/addtemplate", P, (body, ctx) => commitChange(ctx, "express.template_add", template, body, (tx) => addFreightTemplate(tx, body)));
  api.staff("/shopapi/express/edittemplate", P, ({ template_id, ...input }, ctx) =>
    commitChange(ctx, "express.template_edit", template, { template_id, ...input }, (tx) => editFreightTemplate(tx, template_id, input)),
  );
  api.staff("/shopapi/express/deletetemplate", P, (body, ctx) => commitChange(ctx, "express.template_delete", template, body, (tx) => deleteFreightTemplate(tx, body.template_id)));
  api.staff("/shopapi/express/defaulttemplate", P, (body, ctx) =>
    commitChange(ctx, "express.template_default", template, body, (tx) => setDefaultFreightTemplate(tx, body.template_id)),
  );
}
