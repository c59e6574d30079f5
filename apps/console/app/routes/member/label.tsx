import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "会员标签 - 商城管理后台" }];
}

/** 会员标签 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="会员标签">建设中</ConsolePage>;
}
