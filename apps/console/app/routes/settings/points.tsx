import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "积分与余额 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="积分与余额" />;
}
