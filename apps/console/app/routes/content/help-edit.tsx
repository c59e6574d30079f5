import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "编辑帮助 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="编辑帮助" />;
}
