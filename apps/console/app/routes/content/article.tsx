import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "文章管理 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="文章管理" />;
}
