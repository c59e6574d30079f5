import { App, Upload } from "antd";
import { InboxOutlined } from "@ant-design/icons";

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The Excel file of an import (商品导入, 批量发货): one .xlsx dragged or chosen, refused in the browser
 * when it is no .xlsx or larger than the call takes (the server checks again).
 */
export default function XlsxPicker({ file, maxBytes, onChange }: { file: File | null; maxBytes: number; onChange(file: File | null): void }) {
  const { message } = App.useApp();
  const choose = (chosen: File) => {
    if (!/\.xlsx$/i.test(chosen.name)) void message.error("请选择 Excel 文件（.xlsx）");
    else if (chosen.size > maxBytes) void message.error(`文件不能超过 ${megabytes(maxBytes)}`);
    else onChange(chosen);
    return false;
  };
  return (
    <Upload.Dragger accept=".xlsx" maxCount={1} beforeUpload={choose} fileList={file ? [{ uid: "chosen", name: file.name, status: "done" }] : []} onRemove={() => onChange(null)}>
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">点击或拖拽 Excel 文件（.xlsx）到此处</p>
    </Upload.Dragger>
  );
}
