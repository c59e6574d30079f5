import { ImageUploader, type UploadKind } from "../upload/ImageUploader.tsx";

interface FormImagesProps {
  kind: UploadKind;
  max: number;
  /** given by the antd Form.Item around it */
  value?: string[];
  onChange?: (paths: string[]) => void;
  disabled?: boolean;
}

/** The picture uploader as an antd form control (Form.Item passes value and onChange). */
export function FormImages({ kind, max, value, onChange, disabled }: FormImagesProps) {
  return <ImageUploader kind={kind} max={max} value={value ?? []} onChange={(paths) => onChange?.(paths)} disabled={disabled} />;
}
