import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "异常支付退款 - 商城管理后台" }];
}

/** 异常支付退款 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="异常支付退款">建设中</ConsolePage>;
}
