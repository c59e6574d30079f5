import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "物流与运费 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="物流与运费" />;
}
