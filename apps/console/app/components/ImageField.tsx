import { useRef, useState } from "react";
import { Upload, type UploadFile } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { STAFF_UPLOAD_PATHS, UPLOAD_ACCEPT, type StaffUploadKind } from "@shop/contract/domains/upload";
import { pictureUrl } from "../lib/format.ts";
import { uploadImage } from "../lib/upload-image.ts";
import { useStaffErrorHandler } from "../lib/use-staff-call.ts";

/**
 * A form field of pictures (antd Form.Item's value/onChange): stored paths ("upload/goods/…jpg"),
 * one (`max` 1, the value a string) or several in order (the value a string[]; the first is the
 * main picture). Pictures go to the back office's upload call for `kind`.
 */
export default function ImageField(props: {
  kind: StaffUploadKind;
  max?: number;
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  "aria-label"?: string;
}) {
  const { kind, max = 1, value, onChange } = props;
  const handleError = useStaffErrorHandler();
  const [uploading, setUploading] = useState(0);
  const paths = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
  // Several pictures may finish uploading before the form re-renders: each adds to the latest list.
  const latest = useRef(paths);
  latest.current = paths;
  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(max === 1 ? (next[0] ?? "") : next);
  };
  const fileList: UploadFile[] = paths.map((path, index) => ({ uid: `${index}:${path}`, name: path.split("/").pop() ?? path, status: "done", url: pictureUrl(path) }));

  return (
    <Upload
      listType="picture-card"
      accept={UPLOAD_ACCEPT}
      fileList={fileList}
      multiple={max > 1}
      showUploadList={{ showPreviewIcon: false }}
      onRemove={(file) => emit(paths.filter((_, index) => `${index}:${paths[index]}` !== file.uid))}
      customRequest={({ file, onSuccess, onError }) => {
        setUploading((count) => count + 1);
        uploadImage(STAFF_UPLOAD_PATHS[kind], file as File)
          .then((path) => {
            emit(max === 1 ? [path] : [...latest.current, path].slice(0, max));
            onSuccess?.(path);
          })
          .catch((error: unknown) => {
            handleError(error);
            onError?.(error as Error);
          })
          .finally(() => setUploading((count) => count - 1));
      }}
    >
      {paths.length + uploading < max && (
        <button type="button" className="image-field__add" aria-label={props["aria-label"] ?? "上传图片"}>
          <PlusOutlined />
          <div>{uploading ? "上传中" : "上传图片"}</div>
        </button>
      )}
    </Upload>
  );
}
