import type { ReactNode } from "react";
import { Button, Popconfirm, Space } from "antd";

/**
 * A list row's actions: 编辑, the page's own ones, then 删除 behind a confirmation. `compact` packs
 * four or more into a narrow column.
 */
export default function RowActions(props: {
  onEdit?: () => void;
  /** 删除, asked first: the question and what deleting means */
  remove?: { title: string; description?: ReactNode; onConfirm: () => unknown };
  compact?: boolean;
  children?: ReactNode;
}) {
  const { onEdit, remove, compact, children } = props;
  return (
    <Space size={compact ? 0 : undefined} wrap={compact}>
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
      )}
      {children}
      {remove && (
        <Popconfirm title={remove.title} description={remove.description} onConfirm={() => remove.onConfirm()}>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
