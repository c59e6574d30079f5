import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "商品列表 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="商品列表" />;
}
