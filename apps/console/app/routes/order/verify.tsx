import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "核销台 - 商城管理后台" }];
}

/** 核销台 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="核销台">建设中</ConsolePage>;
}
