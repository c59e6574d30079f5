import { Result } from "antd";

/** A menu entry whose page is being built (replaced by the page itself before it is released). */
export default function PagePlaceholder({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle="该页面正在建设中" />;
}
