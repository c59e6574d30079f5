import { Timeline } from "antd";
import type { OrderPackage } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { OrderGoodsImage } from "./OrderGoodsImage.tsx";

/** One package of /order/logistics: company and tracking number, the goods in it, and its trace (latest first). */
export function PackageTraceCard({ pkg }: { pkg: OrderPackage }) {
  const { trace } = pkg;
  return (
    <section className="logistics-package" data-package-id={pkg.package_id}>
      <header className="logistics-package-head">
        <strong>{pkg.package_name}</strong>
        {pkg.delivery_type === 1 ? (
          <>
            <span>快递公司：{pkg.express_company_name}</span>
            <span>
              运单号：<em className="logistics-package-no">{pkg.delivery_no}</em>
            </span>
          </>
        ) : (
          <span>无需物流</span>
        )}
        <span className="logistics-package-time">发货时间：{formatTime(pkg.delivery_time)}</span>
      </header>
      <ul className="logistics-package-goods">
        {pkg.goods_list.map((line) => (
          <li key={line.order_goods_id} title={line.sku_name}>
            <OrderGoodsImage skuId={line.sku_id} image={line.sku_image} name={line.sku_name} size={56} />
            <span className="logistics-package-goods-name">{line.sku_name}</span>
            <span className="logistics-package-goods-num">× {line.num}</span>
          </li>
        ))}
      </ul>
      <div className="logistics-trace">
        {trace.list.length === 0 ? (
          <p className="logistics-trace-empty">{trace.reason || "暂无物流信息"}</p>
        ) : (
          <Timeline
            items={trace.list.map((entry, index) => ({
              key: `${entry.time}-${index}`,
              color: index === 0 ? "red" : "gray",
              content: (
                <div className={index === 0 ? "logistics-trace-entry logistics-trace-latest" : "logistics-trace-entry"}>
                  <span className="logistics-trace-remark">{entry.remark}</span>
                  <span className="logistics-trace-time">{formatTime(entry.time)}</span>
                </div>
              ),
            }))}
          />
        )}
      </div>
    </section>
  );
}
