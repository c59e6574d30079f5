import type { OrderPackage, PackageTrace, TraceEntry } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";

/**
 * Where a package's trace comes from. A real carrier (or an aggregator such as Kuaidi100) is a
 * provider that asks over the network; the built-in one answers with the entries staff entered at
 * shipping. Providers are called outside any unit of work (they may be slow) and their failures
 * show as `success: false` with a reason, never as an error of the page.
 */
export interface ExpressCompanyRef {
  company_id: number;
  company_name: string;
}

export interface LogisticsProvider {
  trace(company: ExpressCompanyRef, deliveryNo: string): Promise<PackageTrace>;
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

/** The built-in provider: the trace entered when the package was shipped. */
export function storedTraceProvider(db: Db): LogisticsProvider {
  return {
    async trace(company, deliveryNo) {
      const stored = await db
        .selectFrom("order_package")
        .select("trace")
        .where("express_company_id", "=", company.company_id)
        .where("delivery_no", "=", deliveryNo)
        .orderBy("package_id")
        .executeTakeFirst();
      if (!stored) return { success: false, reason: "暂无物流信息", list: [] };
      const list = latestFirst(parseTrace(stored.trace));
      return list.length ? { success: true, reason: "", list } : { success: false, reason: "暂无物流信息", list: [] };
    },
  };
}

async function traceOf(provider: LogisticsProvider, company: ExpressCompanyRef, deliveryNo: string): Promise<PackageTrace> {
  try {
    return await provider.trace(company, deliveryNo);
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
          ? await traceOf(provider, company, pkg.delivery_no)
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
