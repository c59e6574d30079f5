import { useState } from "react";
import { Button } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { MAX_MEMBER_ADDRESSES, type MemberAddress } from "@shop/contract";
import { AddressCard } from "../address/AddressCard.tsx";
import { AddressForm } from "../address/AddressForm.tsx";
import { CheckoutSection } from "./CheckoutSection.tsx";

interface AddressSectionProps {
  addresses: MemberAddress[];
  selectedId: number | null;
  onSelect: (addressId: number) => void;
  /** an address was added or edited: reload the list and use it */
  onSaved: (addressId: number) => Promise<void>;
}

/** 收货地址: the member's addresses as cards to choose from, with an inline form to add or edit one. */
export function AddressSection({ addresses, selectedId, onSelect, onSaved }: AddressSectionProps) {
  const [editing, setEditing] = useState<MemberAddress | "new" | null>(addresses.length === 0 ? "new" : null);
  const full = addresses.length >= MAX_MEMBER_ADDRESSES;
  const saved = async (addressId: number) => {
    await onSaved(addressId);
    setEditing(null);
  };
  const addButton = (
    <Button type="link" icon={<PlusOutlined />} disabled={full || editing === "new"} onClick={() => setEditing("new")}>
      新增收货地址
    </Button>
  );

  return (
    <CheckoutSection title="收货地址" extra={addButton} className="checkout-address">
      {editing && (
        <div className="checkout-address__form">
          <h3>{editing === "new" ? "新增收货地址" : "编辑收货地址"}</h3>
          <AddressForm
            key={editing === "new" ? "new" : editing.id}
            initial={editing === "new" ? undefined : editing}
            submitText={editing === "new" ? "保存并使用" : "保存"}
            onSaved={(addressId) => void saved(addressId)}
            onCancel={addresses.length > 0 ? () => setEditing(null) : undefined}
          />
        </div>
      )}
      {addresses.length > 0 && (
        <div className="checkout-address__list">
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              selected={address.id === selectedId}
              onClick={() => onSelect(address.id)}
              actions={
                <button
                  type="button"
                  className="checkout-link"
                  onClick={(event) => {
                    event.stopPropagation();
                    setEditing(address);
                  }}
                >
                  编辑
                </button>
              }
            />
          ))}
        </div>
      )}
      {addresses.length === 0 && !editing && <p className="checkout-muted">您还没有收货地址，请先新增一个。</p>}
    </CheckoutSection>
  );
}
