import { Checkbox, type GetProps } from "antd";

/**
 * A checkbox group as a required Form.Item's control: the item marks its control aria-required,
 * which a group (role "group") may not carry (axe: aria-allowed-attr, critical). The attribute is
 * dropped; the label's required mark and the rule's message still say it is required.
 */
export default function CheckboxGroupField({ "aria-required": _required, ...props }: GetProps<typeof Checkbox.Group> & { "aria-required"?: unknown }) {
  return <Checkbox.Group {...props} />;
}
