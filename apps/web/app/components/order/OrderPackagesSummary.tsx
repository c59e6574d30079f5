import { Link } from "../chrome/Link.tsx";
import type { OrderPackage } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { logisticsPath } from "./order-paths.ts";

/** The detail's short view of the packages: company and number of each, the latest trace line, a link to the full trace. */
export function OrderPackagesSummary({ orderId, packages }: { orderId: number; packages: OrderPackage[] }) {
  if (packages.length === 0) return null;
  return (
    <section className="member-panel order-packages">
      <h3 className="member-panel-title">
        物流信息
        <Link to={logisticsPath(orderId)} className="order-packages-more">
          查看物流详情
        </Link>
      </h3>
      <ul>
        {packages.map((pkg) => {
          const latest = pkg.trace.list[0];
          return (
            <li key={pkg.package_id}>
              <strong>{pkg.package_name}</strong>
              <span>{pkg.delivery_type === 1 ? `${pkg.express_company_name} 运单号：${pkg.delivery_no}` : "无需物流"}</span>
              <span className="order-packages-latest">
                {latest ? (
                  <>
                    <time>{formatTime(latest.time)}</time> {latest.remark}
                  </>
                ) : (
                  pkg.trace.reason
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
