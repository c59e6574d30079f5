import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "编辑优惠券 - 商城管理后台" }];
}

/** 编辑优惠券 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="编辑优惠券">建设中</ConsolePage>;
}
