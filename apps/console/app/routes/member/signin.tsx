import ConsolePage from "../../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "签到设置 - 商城管理后台" }];
}

/** 签到设置 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="签到设置">建设中</ConsolePage>;
}
