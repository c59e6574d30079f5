import { useEffect, useState } from "react";
import { Editor, Toolbar } from "@wangeditor/editor-for-react";
import type { IDomEditor, IEditorConfig } from "@wangeditor/editor";
import "@wangeditor/editor/dist/css/style.css";
import { STAFF_UPLOAD_PATHS } from "@shop/contract/domains/upload";
import { pictureUrl } from "../../lib/format.ts";
import { uploadImage } from "../../lib/upload-image.ts";
import { useStaffErrorHandler } from "../../lib/use-staff-call.ts";

/**
 * wangEditor for articles, notices and help (loaded lazily by DocEditPage): pictures go through
 * /shopapi/upload/contentimg. The server sanitises the HTML before storing it, so the editor
 * reloads exactly what guests get.
 */
export default function RichTextEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const handleError = useStaffErrorHandler();
  useEffect(() => () => editor?.destroy(), [editor]);

  const config: Partial<IEditorConfig> = {
    placeholder: `填写${label}…`,
    MENU_CONF: {
      uploadImage: {
        async customUpload(file: File, insert: (url: string, alt: string, href: string) => void) {
          try {
            insert(pictureUrl(await uploadImage(STAFF_UPLOAD_PATHS.content, file)), "", "");
          } catch (error) {
            handleError(error);
          }
        },
      },
    },
  };

  return (
    <div className="rich-text" role="group" aria-label={label} style={{ border: "1px solid #d9d9d9", borderRadius: 6 }}>
      <Toolbar editor={editor} mode="default" defaultConfig={{ excludeKeys: ["group-video", "fullScreen"] }} style={{ borderBottom: "1px solid #d9d9d9" }} />
      <Editor
        defaultConfig={config}
        value={value}
        onCreated={setEditor}
        onChange={(current) => onChange(current.isEmpty() ? "" : current.getHtml())}
        mode="default"
        style={{ height: 420, overflowY: "hidden" }}
      />
    </div>
  );
}
