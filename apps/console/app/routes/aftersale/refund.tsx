import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "退款维权 - 商城管理后台" }];
}

/** 退款维权 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="退款维权">建设中</ConsolePage>;
}
