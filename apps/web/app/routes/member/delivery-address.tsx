import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { App, Button, Empty } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { MAX_MEMBER_ADDRESSES, type MemberAddress } from "@shop/contract";
import { AddressCard } from "../../components/address/AddressCard.tsx";
import { addressCss } from "../../components/address/address-css.ts";
import { useMemberCall } from "../../lib/api-errors.ts";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/delivery-address";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: addressCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "收货地址");

export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const page = await loadOrClose(args.request, args.context.api.call("/api/memberaddress/page", { page_size: 0 }));
  return { addresses: page.list };
}

const EDIT_PATH = "/member/address_edit";

/** /member/delivery_address: the member's addresses as cards, the default first. */
export default function DeliveryAddressPage({ loaderData }: Route.ComponentProps) {
  const [addresses, setAddresses] = useState<MemberAddress[]>(loaderData.addresses);
  useEffect(() => setAddresses(loaderData.addresses), [loaderData.addresses]);
  const [busyId, setBusyId] = useState<number | null>(null);
  const call = useMemberCall();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const full = addresses.length >= MAX_MEMBER_ADDRESSES;

  /** Runs a change, then shows the list as the server now has it. */
  const change = async (addressId: number, run: () => Promise<unknown>, done: string) => {
    setBusyId(addressId);
    try {
      if ((await run()) === undefined) return;
      void message.success(done);
      const page = await call("/api/memberaddress/page", { page_size: 0 });
      if (page) setAddresses(page.list);
    } finally {
      setBusyId(null);
    }
  };
  const setDefault = (id: number) => change(id, () => call("/api/memberaddress/setdefault", { id }), "已设为默认地址");
  const confirmRemove = (address: MemberAddress) =>
    modal.confirm({
      title: "确定要删除该地址吗？",
      content: `${address.name} ${address.full_address} ${address.address}`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: () => change(address.id, () => call("/api/memberaddress/delete", { id: address.id }), "地址已删除"),
    });

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => void navigate(EDIT_PATH)}>
      新增收货地址
    </Button>
  );

  return (
    <div className="member-panel address-page">
      <div className="address-page-head">
        <h2 className="member-panel-title">收货地址</h2>
        <span className="address-page-count">
          已保存 {addresses.length} 个地址，最多可保存 {MAX_MEMBER_ADDRESSES} 个
        </span>
        {addresses.length > 0 && addButton}
      </div>
      {addresses.length === 0 ? (
        <Empty className="address-page-empty" description="您还没有收货地址，添加一个吧">
          {addButton}
        </Empty>
      ) : (
        <div className="address-grid">
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              actions={
                <>
                  {address.is_default !== 1 && (
                    <Button type="link" size="small" loading={busyId === address.id} onClick={() => void setDefault(address.id)}>
                      设为默认
                    </Button>
                  )}
                  <Link className="address-card-link" to={`${EDIT_PATH}?id=${address.id}`}>
                    编辑
                  </Link>
                  <Button type="link" size="small" danger disabled={busyId === address.id} onClick={() => confirmRemove(address)}>
                    删除
                  </Button>
                </>
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
