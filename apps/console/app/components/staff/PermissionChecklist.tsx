import { Checkbox, Space, Typography } from "antd";
import type { StaffPermissionGroup } from "@shop/contract";

/**
 * The role editor's permissions: one row of checkboxes per menu group (订单, 商品 …), a group's own
 * checkbox ticking all of it. `value` is the permission names (signing in needs none).
 */
export default function PermissionChecklist({
  catalog,
  value = [],
  onChange,
}: {
  catalog: StaffPermissionGroup[];
  value?: string[];
  onChange?: (names: string[]) => void;
}) {
  const chosen = new Set(value);
  const set = (names: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const name of names) if (on) next.add(name); else next.delete(name);
    onChange?.([...next]);
  };
  return (
    <Space direction="vertical" size={12} style={{ width: "100%" }}>
      {catalog.map((group) => {
        const names = group.permissions.map((permission) => permission.name);
        const held = names.filter((name) => chosen.has(name)).length;
        return (
          <div key={group.group_name} role="group" aria-label={`${group.group_name}权限`}>
            <Checkbox
              checked={held === names.length}
              indeterminate={held > 0 && held < names.length}
              onChange={(event) => set(names, event.target.checked)}
            >
              <Typography.Text strong>{group.group_name}</Typography.Text>
            </Checkbox>
            <div style={{ paddingLeft: 24, marginTop: 4 }}>
              {group.permissions.map((permission) => (
                <Checkbox
                  key={permission.name}
                  checked={chosen.has(permission.name)}
                  onChange={(event) => set([permission.name], event.target.checked)}
                  style={{ marginInlineStart: 0, marginInlineEnd: 16 }}
                >
                  {permission.label}
                </Checkbox>
              ))}
            </div>
          </div>
        );
      })}
    </Space>
  );
}
