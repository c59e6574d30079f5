import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "导航与友情链接 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="导航与友情链接" />;
}
