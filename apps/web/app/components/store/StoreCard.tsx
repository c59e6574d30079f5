import type { StoreItem } from "@shop/contract";
import { imageUrl } from "../../lib/image.ts";
import { ClockCircleIcon, EnvironmentIcon, PhoneIcon } from "../ui/icons.tsx";
import { storeMapUrl } from "./store-query.ts";

/** One store of the search results: picture, name, address, hours, phone and a map link. */
export function StoreCard({ store, fallbackImage }: { store: StoreItem; fallbackImage: string }) {
  const picture = imageUrl(store.store_image || fallbackImage);
  const mapUrl = storeMapUrl(store);
  return (
    <li className="store-card">
      <div className="store-card__picture">
        {picture ? <img src={picture} alt={store.store_name} width={200} height={150} loading="lazy" /> : <span className="store-card__picture-text">门店</span>}
      </div>
      <div className="store-card__info">
        <h3 className="store-card__name">
          {store.store_name}
          {/* only open stores (status 1) are listed */}
          <span className="store-card__badge">营业中</span>
        </h3>
        <p className="store-card__row">
          <EnvironmentIcon className="store-card__icon" />
          <span>{store.full_address || store.address}</span>
        </p>
        {store.open_date && (
          <p className="store-card__row">
            <ClockCircleIcon className="store-card__icon" />
            <span>营业时间：{store.open_date}</span>
          </p>
        )}
        {store.telphone && (
          <p className="store-card__row">
            <PhoneIcon className="store-card__icon" />
            <span>联系电话：{store.telphone}</span>
          </p>
        )}
        {mapUrl && (
          <a className="store-card__map" href={mapUrl} target="_blank" rel="noopener noreferrer">
            查看地图
          </a>
        )}
      </div>
    </li>
  );
}
