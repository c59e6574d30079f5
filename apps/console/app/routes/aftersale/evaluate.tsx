import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "评价管理 - 商城管理后台" }];
}

/** 评价管理 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="评价管理">建设中</ConsolePage>;
}
