import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "交易投诉 - 商城管理后台" }];
}

/** 交易投诉 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="交易投诉">建设中</ConsolePage>;
}
