import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "拼团 - 商城管理后台" }];
}

/** 拼团 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="拼团">建设中</ConsolePage>;
}
