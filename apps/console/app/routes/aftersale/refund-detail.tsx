import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "退款详情 - 商城管理后台" }];
}

/** 退款详情 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="退款详情">建设中</ConsolePage>;
}
