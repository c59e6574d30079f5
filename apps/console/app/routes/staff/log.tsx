import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "操作日志 - 商城管理后台" }];
}

/** 操作日志 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="操作日志">建设中</ConsolePage>;
}
