import { useState } from "react";
import { App } from "antd";

/**
 * The add/edit drawer of a list page: which record is open (or a new one), the drawer's title and
 * values, and its save — the page's own call for a new or an existing record, then the usual
 * 「名称」已添加 / 已保存 message and the list asked again.
 *
 * ```tsx
 * const editor = useRecordDrawer<AdminBrand, BrandValues>({ noun: "品牌", nameOf: (v) => v.brand_name, … });
 * <Button onClick={editor.openNew}>添加品牌</Button> … <FormDrawer<BrandValues> {...editor.drawerProps}>fields</FormDrawer>
 * ```
 */
export function useRecordDrawer<Row, Values extends object>(options: {
  /** what a record is called: 添加{noun} / 编辑{noun}, {noun}「name」已添加, {noun}已保存 */
  noun: string;
  /** the new record's name, for the message */
  nameOf: (values: Values) => string;
  /** the drawer's values for a new record */
  empty: Partial<Values>;
  /** the drawer's values for an existing record */
  valuesOf: (row: Row) => Partial<Values>;
  /** the server call: adds when `row` is undefined, else edits it; an answer (not undefined) means it was taken */
  save: (values: Values, row: Row | undefined) => Promise<unknown>;
  /** after a save (usually the list's reload) */
  onSaved: () => unknown;
}) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const row = editing !== null && editing !== "new" ? editing : undefined;
  const { noun, nameOf, empty, valuesOf, save, onSaved } = options;

  const onSubmit = async (values: Values): Promise<boolean> => {
    if ((await save(values, row)) === undefined) return false;
    void message.success(row ? `${noun}已保存` : `${noun}「${nameOf(values)}」已添加`);
    void onSaved();
    return true;
  };

  return {
    /** the record being edited; undefined while adding or closed */
    row,
    /** the drawer is open for a new record */
    isNew: editing === "new",
    openNew: () => setEditing("new"),
    openEdit: (record: Row) => setEditing(record),
    /** spread into FormDrawer */
    drawerProps: {
      title: row ? `编辑${noun}` : `添加${noun}`,
      open: editing !== null,
      initialValues: row ? valuesOf(row) : empty,
      onClose: () => setEditing(null),
      onSubmit,
    },
  };
}
