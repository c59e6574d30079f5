import { Input } from "antd";

/**
 * A secret of a settings form (a key, a certificate): never filled from the server, which answers
 * only a masked hint. Left empty it keeps the saved secret; typed, it replaces it.
 */
export default function SecretField(props: { value?: string; onChange?: (value: string) => void; masked: string; multiline?: boolean; id?: string; "aria-label"?: string }) {
  const { value, onChange, masked, multiline, id } = props;
  const placeholder = masked ? `${masked}，留空则不修改` : "尚未设置";
  const common = { id, value: value ?? "", placeholder, autoComplete: "off", spellCheck: false, "aria-label": props["aria-label"] } as const;
  return multiline ? (
    <Input.TextArea {...common} rows={4} onChange={(event) => onChange?.(event.target.value)} style={{ fontFamily: "monospace" }} />
  ) : (
    <Input.Password {...common} onChange={(event) => onChange?.(event.target.value)} visibilityToggle={false} />
  );
}
