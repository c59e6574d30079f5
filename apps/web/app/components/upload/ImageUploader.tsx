/** Which upload call a picture goes to (POST /api/upload/{kind}img; modules/upload on the server). */
export type UploadKind = "evaluate" | "refund" | "complain";

export interface ImageUploaderProps {
  kind: UploadKind;
  /** the uploaded pictures' paths, as the upload call answered them (pic_path) */
  value: string[];
  onChange: (paths: string[]) => void;
  /** at most this many pictures */
  max: number;
  disabled?: boolean;
}

/**
 * Picks pictures, uploads each as it is chosen and shows thumbnails with a remove button.
 * Placeholder: the upload work of issue 9 fills it in; forms can use it already.
 */
export function ImageUploader(_props: ImageUploaderProps) {
  return null;
}
