import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { ApiError } from "@shop/contract/client";
import { isTokenCode, Code } from "@shop/contract/codes";
import { UPLOAD_ACCEPT, type MemberUploadKind as UploadKind } from "@shop/contract/domains/upload";
import { useApiErrorHandler } from "../../lib/api-errors.ts";
import { imageUrl } from "../../lib/image.ts";
import { CloseIcon } from "../ui/icons.tsx";
import { uploadPicture } from "./upload-request.ts";
import "./image-uploader.css";

/** Which upload call a picture goes to (POST /api/upload/{kind}img; modules/upload on the server). */
export type { UploadKind };

export interface ImageUploaderProps {
  kind: UploadKind;
  /** the uploaded pictures' paths, as the upload call answered them (pic_path) */
  value: string[];
  onChange: (paths: string[]) => void;
  /** at most this many pictures */
  max: number;
  disabled?: boolean;
}

/** A picture on its way up: the chosen file's local preview until the server answers. */
interface Pending {
  id: number;
  preview: string;
}

let pendingIds = 0;

/**
 * Picks pictures, uploads each as it is chosen and shows thumbnails with a remove button, the
 * count n/max, and the server's message when one is refused ("仅支持上传 JPG、PNG、WebP、GIF 格式的
 * 图片", "图片不能超过 5MB" …). Keyboard: 上传图片 is a button (Enter/Space opens the file picker), each
 * thumbnail a link to the full picture (new tab), each × a button named after its picture. Needs no
 * stylesheet in the page's links: its CSS comes with it.
 * The session is the member's cookie; an expired one sends the shopper to login, as other member
 * calls do. Controlled: `value` is the paths so far, `onChange` gets the new list.
 */
export function ImageUploader({ kind, value, onChange, max, disabled = false }: ImageUploaderProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // Each finished upload adds itself to the latest list (a removal may have happened meanwhile), not to the one it started with.
  const latest = useRef(value);
  const handleApiError = useApiErrorHandler();
  const hintId = useId();

  useEffect(() => {
    latest.current = value;
  }, [value]);

  const count = value.length + pending.length;
  const room = Math.max(0, max - count);

  /**
   * Shows every chosen picture at once and uploads them one after the other, so they land in the
   * order chosen. A dead session or a closed shop stops the rest (handled once, as other calls do).
   */
  async function uploadAll(files: File[]) {
    const items = files.map((file): [File, Pending] => [file, { id: ++pendingIds, preview: URL.createObjectURL(file) }]);
    setPending((list) => [...list, ...items.map(([, item]) => item)]);
    let stopped = false;
    for (const [file, item] of items) {
      if (!stopped) stopped = !(await uploadOne(file));
      URL.revokeObjectURL(item.preview);
      setPending((list) => list.filter((other) => other.id !== item.id));
    }
  }

  /** Uploads one picture; false when nothing more should be tried. */
  async function uploadOne(file: File): Promise<boolean> {
    try {
      const path = await uploadPicture(kind, file, file.name);
      latest.current = [...latest.current, path];
      onChange(latest.current);
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && (isTokenCode(caught.code) || caught.code === Code.SITE_CLOSED)) {
        handleApiError(caught, { forceLogin: true });
        return false;
      }
      setError(caught instanceof Error && caught.message ? caught.message : "图片上传失败，请重试");
      return true;
    }
  }

  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again after a refusal starts another upload.
    event.target.value = "";
    if (files.length === 0) return;
    setError(files.length > room ? `最多上传${max}张图片，已选择前${room}张` : "");
    void uploadAll(files.slice(0, room));
  }

  function remove(path: string) {
    latest.current = latest.current.filter((other) => other !== path);
    onChange(latest.current);
    setError("");
  }

  return (
    <div className="image-uploader">
      <ul className="image-uploader-list" aria-label="已上传的图片">
        {value.map((path, index) => (
          <li key={path} className="image-uploader-item">
            <a className="image-uploader-thumb" href={imageUrl(path)} target="_blank" rel="noopener noreferrer" aria-label={`查看第${index + 1}张图片（新窗口）`}>
              <img src={imageUrl(path)} alt="" />
            </a>
            {!disabled && (
              <button type="button" className="image-uploader-remove" onClick={() => remove(path)} aria-label={`删除第${index + 1}张图片`}>
                <CloseIcon />
              </button>
            )}
          </li>
        ))}
        {pending.map((item) => (
          <li key={item.id} className="image-uploader-item" aria-busy="true">
            <span className="image-uploader-thumb is-uploading">
              <img src={item.preview} alt="" />
            </span>
            <span className="image-uploader-progress">上传中…</span>
          </li>
        ))}
        {!disabled && room > 0 && (
          <li className="image-uploader-item">
            <button type="button" className="image-uploader-add" onClick={() => input.current?.click()} aria-describedby={hintId}>
              <span className="image-uploader-plus" aria-hidden="true">+</span>
              <span>上传图片</span>
            </button>
            <input ref={input} type="file" accept={UPLOAD_ACCEPT} multiple={room > 1} hidden onChange={onFilesChosen} tabIndex={-1} />
          </li>
        )}
      </ul>
      <p id={hintId} className="image-uploader-hint">
        <span className="image-uploader-count">
          {value.length}/{max}
        </span>
        支持 JPG、PNG、WebP、GIF 格式
      </p>
      {error && (
        <p className="image-uploader-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
