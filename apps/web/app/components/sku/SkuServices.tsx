import type { GoodsServiceItem } from "@shop/contract";
import { CheckCircleFilledIcon } from "../ui/icons.tsx";

/** The goods' service promises (正品保障, 七天无理由退换 …), their description on hover. */
export function SkuServices({ services, freeShipping }: { services: GoodsServiceItem[]; freeShipping: boolean }) {
  if (services.length === 0 && !freeShipping) return null;
  return (
    <div className="sku-row sku-services">
      <span className="sku-label">服务</span>
      <ul className="sku-services__list">
        {freeShipping && (
          <li>
            <CheckCircleFilledIcon /> 包邮
          </li>
        )}
        {services.map((service) => (
          <li key={service.id} title={service.desc}>
            <CheckCircleFilledIcon /> {service.service_name}
          </li>
        ))}
      </ul>
    </div>
  );
}
