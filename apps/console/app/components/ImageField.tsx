import { useRef, useState, type CSSProperties, type ReactElement } from "react";
import { Upload, type UploadFile } from "antd";
import { HolderOutlined, PlusOutlined } from "@ant-design/icons";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { STAFF_UPLOAD_PATHS, UPLOAD_ACCEPT, type StaffUploadKind } from "@shop/contract/domains/upload";
import { pictureUrl } from "../lib/format.ts";
import { uploadImage } from "../lib/upload-image.ts";
import { useStaffErrorHandler } from "../lib/use-staff-call.ts";

/** The 主图 mark on the first picture (dark on white: 15:1). */
const MAIN_TAG_STYLE: CSSProperties = {
  position: "absolute", left: 4, top: 4, padding: "0 6px", borderRadius: 4, fontSize: 12, lineHeight: "20px",
  background: "rgba(0, 0, 0, 0.75)", color: "#fff", pointerEvents: "none",
};

/** The drag handle's corner of a picture card: a 24 px target of its own, apart from antd's remove button. */
const HANDLE_STYLE: CSSProperties = {
  position: "absolute", right: 4, bottom: 4, width: 24, height: 24, padding: 0, border: 0, borderRadius: 4,
  background: "rgba(0, 0, 0, 0.75)", color: "#fff", cursor: "move", display: "flex", alignItems: "center", justifyContent: "center",
};

/**
 * One picture card, moved by its handle: dragged with the mouse, or lifted with Space and moved
 * with the arrows. The handle is a button of its own, so the card's remove button is not nested in it.
 */
function SortablePicture({ id, position, count, children }: { id: string; position: number; count: number; children: ReactElement }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div ref={setNodeRef} style={{ position: "relative", height: "100%", transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}>
      {children}
      {position === 0 && <span style={MAIN_TAG_STYLE}>主图</span>}
      <button
        type="button"
        ref={setActivatorNodeRef}
        style={HANDLE_STYLE}
        {...attributes}
        {...listeners}
        aria-roledescription="可排序的图片"
        aria-label={`移动第 ${position + 1} 张图片（共 ${count} 张${position === 0 ? "，主图" : ""}）`}
      >
        <HolderOutlined aria-hidden />
      </button>
    </div>
  );
}

/**
 * A form field of pictures (antd Form.Item's value/onChange): stored paths ("upload/goods/…jpg"),
 * one (`max` 1, the value a string) or several in order (the value a string[]; the first is the
 * main picture). Several pictures are put in order by dragging them, or from the keyboard (Tab to
 * a picture, Space to lift, arrows to move, Space to drop). Pictures go to the back office's upload
 * call for `kind`.
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
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const paths = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
  // Several pictures may finish uploading before the form re-renders: each adds to the latest list.
  const latest = useRef(paths);
  latest.current = paths;
  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(max === 1 ? (next[0] ?? "") : next);
  };
  const uidOf = (path: string, index: number) => `${index}:${path}`;
  const fileList: UploadFile[] = paths.map((path, index) => ({ uid: uidOf(path, index), name: path.split("/").pop() ?? path, status: "done", url: pictureUrl(path) }));
  const ids = fileList.map((file) => file.uid);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    emit(arrayMove(paths, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const upload = (
    <Upload
      listType="picture-card"
      accept={UPLOAD_ACCEPT}
      fileList={fileList}
      multiple={max > 1}
      showUploadList={{ showPreviewIcon: false }}
      itemRender={max > 1 ? (node, file) => <SortablePicture id={file.uid} position={ids.indexOf(file.uid)} count={ids.length}>{node}</SortablePicture> : undefined}
      onRemove={(file) => emit(paths.filter((path, index) => uidOf(path, index) !== file.uid))}
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
        <button type="button" className="image-field__add" aria-label={`${uploading ? "上传中" : "上传图片"}${props["aria-label"] ? `：${props["aria-label"]}` : ""}`}>
          <PlusOutlined />
          <div>{uploading ? "上传中" : "上传图片"}</div>
        </button>
      )}
    </Upload>
  );
  if (max === 1) return upload;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: "按空格键拿起图片，方向键移动，再按空格键放下；第一张为主图" }, announcements: announcementsFor(ids) }}>
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {upload}
      </SortableContext>
    </DndContext>
  );
}

/**
 * What the drag's live region says, in Chinese (dnd-kit's defaults are English): the picture's
 * place, where it is over and where it was dropped. onDragOver is said once the drop target is
 * known, so a keyboard user (and a test) hears the move before dropping.
 */
function announcementsFor(ids: string[]): Announcements {
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => `已拿起第 ${place(active.id)} 张图片`,
    onDragOver: ({ active, over }) => (over ? `第 ${place(active.id)} 张图片移到第 ${place(over.id)} 张的位置` : `第 ${place(active.id)} 张图片不在可放下的位置`),
    onDragEnd: ({ active, over }) => (over ? `第 ${place(active.id)} 张图片已放到第 ${place(over.id)} 张的位置` : `已放下第 ${place(active.id)} 张图片`),
    onDragCancel: ({ active }) => `已取消移动第 ${place(active.id)} 张图片`,
  };
}
