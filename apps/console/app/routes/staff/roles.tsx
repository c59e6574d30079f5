import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "角色权限 - 商城管理后台" }];
}

/** 角色权限 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="角色权限">建设中</ConsolePage>;
}
