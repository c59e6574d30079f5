import type { OrderPackage, PackageTrace, TraceEntry } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";

/**
 * Where a package's trace comes from. A real carrier (or an aggregator such as Kuaidi100) is a
 * provider that asks over the network by company and tracking number; the built-in one answers with
 * the entries staff entered when shipping this very package. Providers are called outside any unit
 * of work (they may be slow) and their failures show as `success: false` with a reason, never as an
 * error of the page.
 */
export interface ExpressCompanyRef {
  company_id: number;
  company_name: string;
}

/** The package asked about: which of ours (package_id) and how the carrier knows it (company + number). */
export interface ShippedPackageRef {
  package_id: number;
  company: ExpressCompanyRef;
  delivery_no: string;
}

export interface LogisticsProvider {
  trace(pkg: ShippedPackageRef): Promise<PackageTrace>;
}

/** Stored trace entries (JSON [{time, remark}], oldest first); junk reads as none. */
export function parseTrace(json: string): TraceEntry[] {
  try {
    const entries: unknown = JSON.parse(json || "[]");
    if (!Array.isArray(entries)) return [];
    return entries
      .filter((entry): entry is TraceEntry => typeof entry?.time === "number" && typeof entry?.remark === "string")
      .map(({ time, remark }) => ({ time, remark }));
  } catch {
    return [];
  }
}

const latestFirst = (entries: TraceEntry[]): TraceEntry[] => [...entries].sort((a, b) => b.time - a.time);

/**
 * The built-in provider: the trace entered when this package was shipped. Looked up by package_id,
 * never by company + number: a reused or mistyped tracking number would otherwise show a member
 * the trace staff entered for another order's package.
 */
export function storedTraceProvider(db: Db): LogisticsProvider {
  return {
    async trace(pkg) {
      const stored = await db.selectFrom("order_package").select("trace").where("package_id", "=", pkg.package_id).executeTakeFirst();
      if (!stored) return { success: false, reason: "暂无物流信息", list: [] };
      const list = latestFirst(parseTrace(stored.trace));
      return list.length ? { success: true, reason: "", list } : { success: false, reason: "暂无物流信息", list: [] };
    },
  };
}

async function traceOf(provider: LogisticsProvider, pkg: ShippedPackageRef): Promise<PackageTrace> {
  try {
    return await provider.trace(pkg);
  } catch {
    return { success: false, reason: "物流信息查询失败，请稍后再试", list: [] };
  }
}

/** An order's packages with their goods and trace (express packages ask the provider). */
export async function orderPackages(db: Db, provider: LogisticsProvider, orderId: number): Promise<OrderPackage[]> {
  const packages = await db.selectFrom("order_package").selectAll().where("order_id", "=", orderId).orderBy("package_id").execute();
  if (packages.length === 0) return [];
  const goods = await db
    .selectFrom("order_goods")
    .select(["order_goods_id", "sku_id", "sku_name", "sku_image", "num"])
    .where("order_id", "=", orderId)
    .execute();
  return Promise.all(
    packages.map(async (pkg) => {
      const ids = new Set(pkg.order_goods_ids.split(",").filter(Boolean).map(Number));
      const company = { company_id: pkg.express_company_id, company_name: pkg.express_company_name };
      const trace: PackageTrace =
        pkg.delivery_type === 1
          ? await traceOf(provider, { package_id: pkg.package_id, company, delivery_no: pkg.delivery_no })
          : { success: true, reason: "", list: latestFirst(parseTrace(pkg.trace)) };
      return {
        package_id: pkg.package_id,
        package_name: pkg.package_name,
        delivery_type: pkg.delivery_type,
        express_company_id: pkg.express_company_id,
        express_company_name: pkg.express_company_name,
        delivery_no: pkg.delivery_no,
        delivery_time: pkg.delivery_time,
        goods_list: goods.filter((line) => ids.has(line.order_goods_id)),
        trace,
      };
    }),
  );
}
