import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "充值套餐 - 商城管理后台" }];
}

/** 充值套餐 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="充值套餐">建设中</ConsolePage>;
}
