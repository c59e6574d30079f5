import { Image, Space } from "antd";
import { pictureUrl } from "../../lib/format.ts";

/** Pictures a buyer attached (refund, complaint, evaluation): thumbnails that open a preview; nothing when there are none. */
export default function Pictures({ paths, label, size = 64 }: { paths: string[] | string; label: string; size?: number }) {
  const list = (typeof paths === "string" ? paths.split(",") : paths).map((path) => path.trim()).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={6}>
        {list.map((path, index) => (
          <Image key={path} src={pictureUrl(path)} width={size} height={size} style={{ objectFit: "cover", borderRadius: 4 }} alt={`${label} ${index + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
