import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "交易设置 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="交易设置" />;
}
