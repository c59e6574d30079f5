import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "注册与登录 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="注册与登录" />;
}
