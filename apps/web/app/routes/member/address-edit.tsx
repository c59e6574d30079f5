import { useNavigate } from "react-router";
import { Button, Result } from "antd";
import { ApiError, Code } from "@shop/contract";
import { AddressForm } from "../../components/address/AddressForm.tsx";
import { addressCss } from "../../components/address/address-css.ts";
import { requireMember, safeRedirectTarget } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose, redirectIfClosed } from "../../lib/site-closed.ts";
import type { Route } from "./+types/address-edit";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: addressCss }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.editing ? "编辑收货地址" : "新增收货地址");

const LIST_PATH = "/member/delivery_address";

/**
 * /member/address_edit?id= edits an address, without id adds one. `back` (an app path such as
 * /order/payment?…) is where saving or cancelling returns to; only paths inside the app are followed.
 */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const query = new URL(args.request.url).searchParams;
  const back = safeRedirectTarget(query.get("back"), LIST_PATH);
  const rawId = query.get("id");
  if (rawId === null || rawId === "") return { back, editing: false, address: null };
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return { back, editing: true, address: null };
  const envelope = await args.context.api.raw("/api/memberaddress/info", { id });
  redirectIfClosed(envelope, args.request);
  if (envelope.code === Code.SUCCESS) return { back, editing: true, address: envelope.data };
  if (envelope.code === Code.ERROR) return { back, editing: true, address: null };
  throw new ApiError(envelope);
}

export default function AddressEditPage({ loaderData }: Route.ComponentProps) {
  const { back, editing, address } = loaderData;
  const navigate = useNavigate();
  const goBack = () => void navigate(back);

  if (editing && !address) {
    return (
      <div className="member-panel">
        <Result
          status="404"
          title="地址不存在"
          subTitle="该地址可能已被删除"
          extra={
            <Button type="primary" onClick={() => void navigate(LIST_PATH)}>
              返回收货地址
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="member-panel address-edit-page">
      <h2 className="member-panel-title">{editing ? "编辑收货地址" : "新增收货地址"}</h2>
      <AddressForm key={address?.id ?? "new"} initial={address ?? undefined} onSaved={goBack} onCancel={goBack} />
    </div>
  );
}
