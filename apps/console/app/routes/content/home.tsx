import PagePlaceholder from "../../components/PagePlaceholder.tsx";

export function meta() {
  return [{ title: "首页装修 - 商城管理后台" }];
}

export default function Page() {
  return <PagePlaceholder title="首页装修" />;
}
