import { Migrator, sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "./connect.ts";
import * as foundation from "./migrations/0001-foundation.ts";
import * as search from "./migrations/0002-search.ts";
import * as goodsSocial from "./migrations/0003-goods-social.ts";
import * as verifyCodeLock from "./migrations/0004-verify-code-lock.ts";
import * as stockInOnePlace from "./migrations/0005-stock-in-one-place.ts";
import * as moneyPath from "./migrations/0006-money-path.ts";
import * as address from "./migrations/0007-address.ts";
import * as cart from "./migrations/0008-cart.ts";
import * as orders from "./migrations/0009-orders.ts";
import * as accountGuards from "./migrations/0010-account-guards.ts";
import * as payPasswordAttempts from "./migrations/0011-pay-password-attempts.ts";
import * as onSaleListIndexes from "./migrations/0012-on-sale-list-indexes.ts";
import * as loginAttempts from "./migrations/0014-login-attempts.ts";
import * as relativePicturePaths from "./migrations/0015-relative-picture-paths.ts";
import * as searchRankOrder from "./migrations/0016-search-rank-order.ts";
import * as uploads from "./migrations/0017-uploads.ts";
import * as refunds from "./migrations/0018-refunds.ts";
import * as evaluations from "./migrations/0019-evaluations.ts";
import * as verification from "./migrations/0020-verification.ts";
import * as refundFixes from "./migrations/0021-refund-fixes.ts";
import * as completeReceivedOrders from "./migrations/0022-complete-received-orders.ts";
import * as memberProfile from "./migrations/0023-member-profile.ts";
import * as levelsSignin from "./migrations/0024-levels-signin.ts";
import * as recharge from "./migrations/0025-recharge.ts";
import * as withdrawal from "./migrations/0026-withdrawal.ts";
import * as coupons from "./migrations/0027-coupons.ts";
import * as promotions from "./migrations/0028-promotions.ts";
import * as groupbuyBundling from "./migrations/0029-groupbuy-bundling.ts";
import * as chat from "./migrations/0030-chat.ts";
import * as goodsAdmin from "./migrations/0031-goods-admin.ts";
import * as catalogAdmin from "./migrations/0032-catalog-admin.ts";
import * as contentAdmin from "./migrations/0033-content-admin.ts";
import * as goodsStockTotal from "./migrations/0034-goods-stock-total.ts";
import * as goodsMemberDiscount from "./migrations/0035-goods-member-discount.ts";
import * as staffRoles from "./migrations/0036-staff-roles.ts";
import * as notifications from "./migrations/0037-notifications.ts";
import * as memberAdmin from "./migrations/0038-member-admin.ts";
import * as orderAdmin from "./migrations/0039-order-admin.ts";
import * as stat from "./migrations/0040-stat.ts";
import * as orderListIndexes from "./migrations/0041-order-list-indexes.ts";

type DialectMigration = { up(db: Kysely<unknown>, dialect: DialectName): Promise<void> };

/** Migrations in order; names never change once released. */
const MIGRATIONS: Record<string, DialectMigration> = {
  "0001-foundation": foundation,
  "0002-search": search,
  "0003-goods-social": goodsSocial,
  "0004-verify-code-lock": verifyCodeLock,
  "0005-stock-in-one-place": stockInOnePlace,
  "0006-money-path": moneyPath,
  "0007-address": address,
  "0008-cart": cart,
  "0009-orders": orders,
  "0010-account-guards": accountGuards,
  "0011-pay-password-attempts": payPasswordAttempts,
  "0012-on-sale-list-indexes": onSaleListIndexes,
  "0014-login-attempts": loginAttempts,
  "0015-relative-picture-paths": relativePicturePaths,
  "0016-search-rank-order": searchRankOrder,
  "0017-uploads": uploads,
  "0018-refunds": refunds,
  "0019-evaluations": evaluations,
  "0020-verification": verification,
  "0021-refund-fixes": refundFixes,
  "0022-complete-received-orders": completeReceivedOrders,
  "0023-member-profile": memberProfile,
  "0024-levels-signin": levelsSignin,
  "0025-recharge": recharge,
  "0026-withdrawal": withdrawal,
  "0027-coupons": coupons,
  "0028-promotions": promotions,
  "0029-groupbuy-bundling": groupbuyBundling,
  "0030-chat": chat,
  "0031-goods-admin": goodsAdmin,
  "0032-catalog-admin": catalogAdmin,
  "0033-content-admin": contentAdmin,
  "0034-goods-stock-total": goodsStockTotal,
  "0035-goods-member-discount": goodsMemberDiscount,
  "0036-staff-roles": staffRoles,
  "0037-notifications": notifications,
  "0038-member-admin": memberAdmin,
  "0039-order-admin": orderAdmin,
  "0040-stat": stat,
  "0041-order-list-indexes": orderListIndexes,
};

export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (database) => migration.up(database, dialect) };
  }
  // On PostgreSQL the migration tables are looked up in the connection's own schema: unqualified,
  // Kysely would take another schema's kysely_migration (e.g. a parallel test's) for ours.
  const migrationTableSchema =
    dialect === "postgres" ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ""} ${String(error)}`);
  }
}

/**
 * The code's migrations not yet applied to `db` (read from kysely_migration in the connection's
 * own schema), in order. /readyz (core/health.ts) is not ready while any is pending: an instance
 * of newer code must not serve a database that was not migrated for it.
 */
export async function pendingMigrations(db: Kysely<unknown>, dialect: DialectName): Promise<string[]> {
  const table =
    dialect === "postgres"
      ? (await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(db)).rows[0]?.found
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)).rows[0]?.name;
  const names = Object.keys(MIGRATIONS);
  if (!table) return names;
  const applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name));
  return names.filter((name) => !applied.has(name));
}
