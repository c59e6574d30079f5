import { useRef, useState, type ChangeEvent } from "react";
import { App, Avatar, Button } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { ApiError } from "@shop/contract/client";
import { HEADIMG_SIZE, UPLOAD_ACCEPT } from "@shop/contract/domains/upload";
import { useApiErrorHandler, useMemberCall } from "../../../lib/api-errors.ts";
import { imageUrl } from "../../../lib/image.ts";
import { uploadPicture } from "../../upload/upload-request.ts";

interface AvatarEditorProps {
  /** the member's avatar path, "" for none */
  headimg: string;
  /** the shop's default head picture */
  defaultHead: string;
  onChanged: () => void;
}

/**
 * The avatar on /member/info: 更换头像 uploads the chosen picture (/api/upload/headimg stores its
 * centred square, 400 × 400) and makes it the avatar (/api/member/modifyheadimg); 恢复默认头像 goes
 * back to the shop's default head. The new picture shows at once, before the member is reloaded.
 */
export function AvatarEditor({ headimg, defaultHead, onChanged }: AvatarEditorProps) {
  const { message } = App.useApp();
  const call = useMemberCall();
  const handleError = useApiErrorHandler();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(headimg);
  const [busy, setBusy] = useState(false);
  const src = imageUrl(shown || defaultHead);

  const save = async (path: string, done: string) => {
    if ((await call("/api/member/modifyheadimg", { headimg: path })) === undefined) return;
    setShown(path);
    void message.success(done);
    onChanged();
  };

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after a refusal uploads it again.
    event.target.value = "";
    if (!file) return;
    setBusy(true);
    try {
      await save(await uploadPicture("headimg", file, file.name), "头像已更新");
    } catch (error) {
      if (error instanceof ApiError) handleError(error, { forceLogin: true });
      else void message.error(error instanceof Error && error.message ? error.message : "头像上传失败，请重试");
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      await save("", "已恢复默认头像");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="profile-avatar">
      <Avatar size={96} src={src || undefined} icon={src ? undefined : <UserOutlined />} className="profile-avatar-image" alt="我的头像" />
      <div className="profile-avatar-side">
        <div className="profile-avatar-actions">
          <Button type="primary" ghost loading={busy} onClick={() => input.current?.click()}>
            更换头像
          </Button>
          {shown && shown !== defaultHead && (
            <Button type="link" disabled={busy} onClick={() => void reset()}>
              恢复默认头像
            </Button>
          )}
        </div>
        <p className="profile-avatar-hint">
          支持 JPG、PNG、WebP、GIF 格式，不超过 5MB；将截取图片中间的正方形，保存为 {HEADIMG_SIZE}×{HEADIMG_SIZE} 像素
        </p>
        <input ref={input} type="file" accept={UPLOAD_ACCEPT} hidden tabIndex={-1} aria-label="选择头像图片" onChange={(event) => void onFileChosen(event)} />
      </div>
    </div>
  );
}
