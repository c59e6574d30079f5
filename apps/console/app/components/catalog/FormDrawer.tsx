import { useEffect, useRef, type ReactNode } from "react";
import { Button, Drawer, Form, Space, type FormInstance } from "antd";
import { useFormSubmit } from "../../lib/use-form-submit.ts";

/**
 * A side drawer holding one add/edit form: opens with the record's values (or the defaults), checks
 * the rules, and closes only when `onSubmit` says the server took it. Enter submits; Esc closes.
 */
export default function FormDrawer<Values extends object>(props: {
  title: string;
  open: boolean;
  initialValues: Partial<Values>;
  onClose: () => void;
  /** true when saved (the drawer closes) */
  onSubmit: (values: Values) => Promise<boolean>;
  width?: number;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
}) {
  const { title, open, initialValues, onClose, onSubmit, width = 520, children } = props;
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(onSubmit, onClose);
  // Filled with initialValues each time it opens, never while typing. The drawer's form may still
  // be mounted from the last opening (closing animation), so the values are set, not only reset.
  const initial = useRef(initialValues);
  useEffect(() => {
    initial.current = initialValues;
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form]);

  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={width}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} aria-label={title}>
        {typeof children === "function" ? children(form) : children}
        {/* Enter in a text field submits the form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
