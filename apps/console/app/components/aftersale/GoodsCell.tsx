import type { ReactNode } from "react";
import { Image, Space, Typography } from "antd";
import { pictureUrl } from "../../lib/format.ts";

/** An order line in a table cell: its picture, SKU name and spec. */
export default function GoodsCell({ image, name, spec, extra }: { image: string; name: string; spec?: string; extra?: ReactNode }) {
  return (
    <Space align="start">
      {image ? <Image src={pictureUrl(image)} width={48} height={48} style={{ objectFit: "cover" }} alt={name} preview={false} /> : null}
      <div style={{ maxWidth: 260 }}>
        <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
        {spec ? <div><Typography.Text type="secondary">{spec}</Typography.Text></div> : null}
        {extra}
      </div>
    </Space>
  );
}
