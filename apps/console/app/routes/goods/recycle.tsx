import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "回收站 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="回收站" />;
}
