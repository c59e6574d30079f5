import { lazy, Suspense } from "react";
import { Skeleton } from "antd";

/** The editor's code (wangEditor, ~1 MB) is fetched when a page shows this field, not with the console. */
const RichTextEditor = lazy(() => import("../RichTextEditor.tsx"));

/** A rich-text form field (antd Form.Item value/onChange): HTML. */
export default function RichTextField({ value, onChange, label = "商品详情" }: { value?: string; onChange?: (html: string) => void; label?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor kind="goods" height={360} value={value ?? ""} onChange={(html) => onChange?.(html)} label={label} />
    </Suspense>
  );
}
