import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "限时秒杀 - 商城管理后台" }];
}

/** 限时秒杀 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="限时秒杀">建设中</ConsolePage>;
}
