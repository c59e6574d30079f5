import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "消息通知 - 商城管理后台" }];
}

/** 消息通知 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="消息通知">建设中</ConsolePage>;
}
