import { useEffect, type ReactNode } from "react";
import { Form, Modal } from "antd";
import { useFormSubmit } from "../../lib/use-form-submit.ts";

/**
 * A dialog holding one short form that answers something (agree, refuse, handle, reply): it opens
 * empty (or with `initialValues`), checks the rules, and closes only when `onSubmit` says the server
 * took it. The dialog's OK button is the confirmation; Enter in a one-line field submits, Esc closes.
 */
export default function FormDialog<Values extends object>(props: {
  title: string;
  open: boolean;
  okText: string;
  danger?: boolean;
  initialValues?: Partial<Values>;
  onClose: () => void;
  /** true when the server took it (the dialog closes) */
  onSubmit: (values: Values) => Promise<boolean>;
  children: ReactNode;
}) {
  const { title, open, okText, danger, initialValues, onClose, onSubmit, children } = props;
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(onSubmit, onClose);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} aria-label={title} preserve={false}>
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
