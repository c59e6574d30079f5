import { useEffect, useState } from "react";
import { Select } from "antd";
import type { StaffCouponType } from "@shop/contract";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { couponRuleText } from "../marketing/coupon-text.ts";

/**
 * The coupon types a level, a recharge package or a sign-in reward gives (a form field: value =
 * coupon type ids). Offers the running types; a chosen type that is no longer running stays
 * listed with its state, so saving the form does not drop it unseen.
 */
export default function GiftCouponSelect({ value = [], onChange, max, "aria-label": ariaLabel, id }: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  max: number;
  "aria-label"?: string;
  id?: string;
}) {
  const call = useStaffCall();
  const [types, setTypes] = useState<StaffCouponType[]>([]);
  useEffect(() => {
    void call("/shopapi/coupon/lists", { status: "all", page: 1, page_size: 100, keyword: "" }, { silent: true }).then((page) => page && setTypes(page.list));
  }, [call]);

  const known = new Map(types.map((type) => [type.coupon_type_id, type]));
  const options = [
    ...types.filter((type) => type.status_name === "进行中" || value.includes(type.coupon_type_id)),
    ...value.filter((typeId) => !known.has(typeId)).map((typeId) => ({ coupon_type_id: typeId }) as Partial<StaffCouponType> & { coupon_type_id: number }),
  ].map((type) => ({
    value: type.coupon_type_id,
    label: type.coupon_name
      ? `${type.coupon_name}（${couponRuleText(type as StaffCouponType)}${type.status_name === "进行中" ? "" : `，${type.status_name}`}）`
      : `优惠券 #${type.coupon_type_id}`,
  }));

  return (
    <Select
      id={id}
      mode="multiple"
      aria-label={ariaLabel}
      value={value}
      onChange={(ids: number[]) => onChange?.(ids.slice(0, max))}
      options={options}
      optionFilterProp="label"
      placeholder={`不赠送（最多 ${max} 种）`}
      maxCount={max}
      allowClear
      style={{ width: "100%" }}
    />
  );
}
