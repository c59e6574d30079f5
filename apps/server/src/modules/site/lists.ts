import type { Kysely } from "kysely";
import type { FriendlyLink, GoodsServiceItem, NavItem } from "@shop/contract";
import type { DB } from "../../db/schema.ts";

/** The short lists of the page chrome, each in its admin order. */

export const listNavItems = (db: Kysely<DB>): Promise<NavItem[]> =>
  db
    .selectFrom("pc_nav")
    .select(["id", "nav_title", "nav_url", "sort", "is_blank", "nav_icon", "is_show"])
    .where("is_show", "=", 1)
    .orderBy("sort")
    .orderBy("id")
    .execute();

export const listFriendlyLinks = (db: Kysely<DB>): Promise<FriendlyLink[]> =>
  db
    .selectFrom("pc_friendly_link")
    .select(["id", "link_title", "link_url", "link_pic", "link_sort", "is_blank"])
    .where("is_show", "=", 1)
    .orderBy("link_sort")
    .orderBy("id")
    .execute();

export const listGoodsServices = (db: Kysely<DB>): Promise<GoodsServiceItem[]> =>
  db.selectFrom("goods_service").select(["id", "service_name", "desc", "icon", "sort"]).orderBy("sort").orderBy("id").execute();
