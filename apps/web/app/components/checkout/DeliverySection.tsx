import { Radio, Select } from "antd";
import type { CheckoutStore, DeliveryType, OrderPaymentPreview } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { CheckoutSection } from "./CheckoutSection.tsx";
import { pickupClocks, pickupDayLabel, type CheckoutChoices } from "./checkout-choices.ts";

interface DeliverySectionProps {
  delivery: OrderPaymentPreview["delivery"];
  choices: CheckoutChoices;
  onChange: (patch: Partial<CheckoutChoices>) => void;
}

/** 配送方式: express, pickup at a store (store, day and time) or local delivery, with what each costs. */
export function DeliverySection({ delivery, choices, onChange }: DeliverySectionProps) {
  const stores = delivery.express_type.find((option) => option.name === "store")?.store_list ?? [];
  const store = stores.find((item) => item.store_id === choices.storeId) ?? null;
  return (
    <CheckoutSection title="配送方式" className="checkout-delivery">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={choices.deliveryType}
        onChange={(event) => onChange({ deliveryType: event.target.value as DeliveryType })}
        options={delivery.express_type.map((option) => ({ value: option.name, label: option.title }))}
      />
      <div className="checkout-delivery__detail">
        {choices.deliveryType === "express" && <ExpressNote freeAbove={delivery.free_shipping_above} />}
        {choices.deliveryType === "local" && delivery.local && (
          <p className="checkout-muted">
            限本市配送，配送费 ¥{formatPrice(delivery.local.fee)}，满 ¥{formatPrice(delivery.local.start_money)} 起送
            {delivery.local.free_above !== "0.00" && `，满 ¥${formatPrice(delivery.local.free_above)} 免配送费`}
          </p>
        )}
        {choices.deliveryType === "store" && (
          <PickupChoice stores={stores} store={store} days={delivery.pickup_days} choices={choices} onChange={onChange} />
        )}
      </div>
    </CheckoutSection>
  );
}

function ExpressNote({ freeAbove }: { freeAbove: string }) {
  return (
    <p className="checkout-muted">
      由商家安排快递发货，运费按收货地区计算{freeAbove !== "0.00" && `，商品满 ¥${formatPrice(freeAbove)} 包邮`}
    </p>
  );
}

interface PickupChoiceProps {
  stores: CheckoutStore[];
  store: CheckoutStore | null;
  days: string[];
  choices: CheckoutChoices;
  onChange: (patch: Partial<CheckoutChoices>) => void;
}

function PickupChoice({ stores, store, days, choices, onChange }: PickupChoiceProps) {
  const clocks = store ? pickupClocks(store.open_date, choices.pickupDay, Date.now()) : [];
  return (
    <div className="checkout-pickup">
      <label className="checkout-field">
        <span className="checkout-field__label">自提门店</span>
        <Select
          className="checkout-pickup__store"
          placeholder="请选择自提门店"
          aria-label="自提门店"
          value={choices.storeId ?? undefined}
          onChange={(storeId: number) => onChange({ storeId, pickupClock: "" })}
          options={stores.map((item) => ({ value: item.store_id, label: `${item.store_name}（${item.full_address}）` }))}
          showSearch={{ optionFilterProp: "label" }}
        />
      </label>
      {store && (
        <p className="checkout-pickup__store-info">
          营业时间 {store.open_date}
          {store.telphone && ` · 电话 ${store.telphone}`}
        </p>
      )}
      <div className="checkout-field">
        <span className="checkout-field__label">提货时间</span>
        <Select
          className="checkout-pickup__day"
          aria-label="提货日期"
          value={choices.pickupDay || undefined}
          onChange={(pickupDay: string) => onChange({ pickupDay, pickupClock: "" })}
          options={days.map((day, index) => ({ value: day, label: pickupDayLabel(day, index) }))}
        />
        <Select
          className="checkout-pickup__clock"
          aria-label="提货时段"
          placeholder={store ? (clocks.length ? "请选择时间" : "当天已无可选时间") : "请先选择门店"}
          disabled={!store || clocks.length === 0}
          value={choices.pickupClock || undefined}
          onChange={(pickupClock: string) => onChange({ pickupClock })}
          options={clocks.map((clock) => ({ value: clock, label: clock }))}
        />
      </div>
    </div>
  );
}
