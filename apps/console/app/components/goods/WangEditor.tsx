import { useEffect, useState } from "react";
import { Editor, Toolbar } from "@wangeditor/editor-for-react";
import type { IDomEditor, IEditorConfig } from "@wangeditor/editor";
import "@wangeditor/editor/dist/css/style.css";
import { STAFF_UPLOAD_PATHS } from "@shop/contract/domains/upload";
import { pictureUrl } from "../../lib/format.ts";
import { uploadImage } from "../../lib/upload-image.ts";
import { useStaffErrorHandler } from "../../lib/use-staff-call.ts";

/**
 * wangEditor (loaded only by the goods editor page, through RichTextField's lazy import): its
 * pictures go through /shopapi/upload/goodsimg like the goods pictures. The server sanitises
 * what it produces before storing it.
 */
export default function WangEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const handleError = useStaffErrorHandler();
  useEffect(() => () => editor?.destroy(), [editor]);

  const config: Partial<IEditorConfig> = {
    placeholder: "填写商品详情…",
    MENU_CONF: {
      uploadImage: {
        async customUpload(file: File, insert: (url: string, alt: string, href: string) => void) {
          try {
            insert(pictureUrl(await uploadImage(STAFF_UPLOAD_PATHS.goods, file)), "", "");
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
        style={{ height: 360, overflowY: "hidden" }}
      />
    </div>
  );
}
