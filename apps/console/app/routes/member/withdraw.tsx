import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "提现审核 - 商城管理后台" }];
}

/** 提现审核 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="提现审核">建设中</ConsolePage>;
}
