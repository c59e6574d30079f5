import type { ReactNode } from "react";
import { Tag } from "antd";
import type { MemberAddress } from "@shop/contract";

interface AddressCardProps {
  address: MemberAddress;
  /** Links or buttons at the bottom right (设为默认, 编辑, 删除 …). */
  actions?: ReactNode;
  /** Highlighted (the chosen address on the checkout page). */
  selected?: boolean;
  onClick?: () => void;
}

/** One delivery address: 收货人 with the 默认 tag, mobile (and landline), region names and street. */
export function AddressCard({ address, actions, selected, onClick }: AddressCardProps) {
  const classes = ["address-card"];
  if (address.is_default) classes.push("address-card-default");
  if (selected) classes.push("address-card-selected");
  return (
    <article className={classes.join(" ")} onClick={onClick} data-address-id={address.id} aria-label={`收货地址 ${address.name}`}>
      <header className="address-card-head">
        <strong className="address-card-name">{address.name}</strong>
        {address.is_default === 1 && (
          <Tag color="red" variant="outlined" className="address-card-tag">
            默认
          </Tag>
        )}
      </header>
      <p className="address-card-phone">
        {address.mobile}
        {address.telephone && <span className="address-card-telephone">{address.telephone}</span>}
      </p>
      <p className="address-card-line">
        <span className="address-card-region">{address.full_address}</span> {address.address}
      </p>
      {actions && <footer className="address-card-actions">{actions}</footer>}
    </article>
  );
}
