import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "修改密码 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="修改密码" />;
}
