import { Switch } from "antd";

/** A 0/1 setting as a switch (antd Form.Item's value/onChange), labelled for screen readers by its Form.Item. */
export default function SwitchField(props: { value?: number; onChange?: (value: number) => void; on?: string; off?: string; id?: string }) {
  const { value, onChange, on = "开启", off = "关闭", id } = props;
  return <Switch id={id} checked={Number(value) === 1} onChange={(checked) => onChange?.(checked ? 1 : 0)} checkedChildren={on} unCheckedChildren={off} />;
}
