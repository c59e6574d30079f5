import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "订单列表 - 商城管理后台" }];
}

/** 订单列表 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="订单列表">建设中</ConsolePage>;
}
