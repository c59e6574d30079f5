import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "支付设置 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="支付设置" />;
}
