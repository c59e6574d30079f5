import ConsolePage from "../components/ConsolePage.tsx";

export function meta() {
  return [{ title: "经营概况 - 商城管理后台" }];
}

/** 经营概况 (issue 23): placeholder until its page is built. */
export default function Page() {
  return <ConsolePage title="经营概况">建设中</ConsolePage>;
}
