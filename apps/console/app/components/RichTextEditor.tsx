import { useEffect, useRef, useState } from "react";
import { Editor, Toolbar } from "@wangeditor/editor-for-react";
import type { IDomEditor, IEditorConfig } from "@wangeditor/editor";
import "@wangeditor/editor/dist/css/style.css";
import { STAFF_UPLOAD_PATHS, type StaffUploadKind } from "@shop/contract/domains/upload";
import { pictureUrl } from "../lib/format.ts";
import { uploadImage } from "../lib/upload-image.ts";
import { useStaffErrorHandler } from "../lib/use-staff-call.ts";
import { useEditorNames } from "./editor-names.ts";

/**
 * The back office's rich-text editor (wangEditor), loaded lazily by the pages that use it (goods
 * description, articles, notices, help): its pictures go through the staff upload call of `kind`.
 * The server sanitises the HTML before storing it, so the editor reloads exactly what guests get.
 */
export default function RichTextEditor(props: { value: string; onChange: (html: string) => void; label: string; kind: StaffUploadKind; height?: number }) {
  const { value, onChange, label, kind, height = 420 } = props;
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const handleError = useStaffErrorHandler();
  useEffect(() => () => editor?.destroy(), [editor]);
  // its icon buttons and editable area are named for screen readers (wangEditor leaves them unnamed)
  const frame = useRef<HTMLDivElement>(null);
  useEditorNames(frame, editor, label);

  const config: Partial<IEditorConfig> = {
    placeholder: `填写${label}…`,
    MENU_CONF: {
      uploadImage: {
        async customUpload(file: File, insert: (url: string, alt: string, href: string) => void) {
          try {
            insert(pictureUrl(await uploadImage(STAFF_UPLOAD_PATHS[kind], file)), "", "");
          } catch (error) {
            handleError(error);
          }
        },
      },
    },
  };

  return (
    <div ref={frame} className="rich-text" role="group" aria-label={label} style={{ border: "1px solid #d9d9d9", borderRadius: 6 }}>
      <Toolbar editor={editor} mode="default" defaultConfig={{ excludeKeys: ["group-video", "fullScreen"] }} style={{ borderBottom: "1px solid #d9d9d9" }} />
      <Editor
        defaultConfig={config}
        value={value}
        onCreated={setEditor}
        onChange={(current) => onChange(current.isEmpty() ? "" : current.getHtml())}
        mode="default"
        style={{ height, overflowY: "hidden" }}
      />
    </div>
  );
}
