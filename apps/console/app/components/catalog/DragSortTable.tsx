import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from "react";
import { Button, Table, type TableProps } from "antd";
import { HolderOutlined } from "@ant-design/icons";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";

/**
 * An antd Table whose rows are re-ordered by dragging their handle (@dnd-kit): with the mouse, or
 * from the keyboard (Tab to the handle, Space to lift, arrows to move, Space to drop). The page
 * gets the rows in their new order and saves the sort values.
 */
type HandleProps = Pick<ReturnType<typeof useSortable>, "attributes" | "listeners" | "setActivatorNodeRef">;
const HandleContext = createContext<HandleProps | null>(null);

function DragHandle() {
  const handle = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label="拖动排序"
      style={{ cursor: "move" }}
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { "data-row-key": string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props["data-row-key"] });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: "relative", zIndex: 9, background: "#fafafa" } : {}),
  };
  const handle = useMemo(() => ({ attributes, listeners, setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef]);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

export default function DragSortTable<Row extends object>(
  props: Omit<TableProps<Row>, "rowKey" | "components"> & { rowKey: keyof Row & string; dataSource: Row[]; onReorder: (rows: Row[]) => void },
) {
  const { rowKey, dataSource, onReorder, columns = [], ...rest } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = dataSource.map((row) => String(row[rowKey]));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(dataSource, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: "按空格键拿起，方向键移动，再按空格键放下" } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Table<Row>
          {...rest}
          rowKey={rowKey}
          dataSource={dataSource}
          pagination={false}
          components={{ body: { row: SortableRow } }}
          columns={[{ key: "drag", title: "排序", width: 64, align: "center", render: () => <DragHandle /> }, ...columns]}
        />
      </SortableContext>
    </DndContext>
  );
}

/** Sort values 0, 1, 2 … for rows in their new order (only the rows whose value changes). */
export function resortedValues<Row extends { sort: number }>(rows: Row[]): Array<{ row: Row; sort: number }> {
  return rows.map((row, index) => ({ row, sort: index })).filter(({ row, sort }) => row.sort !== sort);
}
