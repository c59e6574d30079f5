import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "帮助中心 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="帮助中心" />;
}
