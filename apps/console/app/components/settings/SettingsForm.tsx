import { useEffect, useState, type ReactNode } from "react";
import { App, Button, Card, Form, Skeleton, type FormInstance } from "antd";
import type { BodyOf, EndpointPath, ResultOf } from "@shop/contract";
import ConsolePage from "../ConsolePage.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/**
 * The one pattern of every settings page: the page reads its settings with `read`, shows them in a
 * form, and 保存 sends the whole form to `save` (the server validates it again, saves it in one
 * unit of work and purges the storefront's pages). `toForm` / `fromForm` convert between the
 * wire's shape and the form's (comma lists ↔ checkbox arrays…). A success toast says when the
 * storefront shows the change; a failure toasts the server's message and keeps the form as typed.
 */
export default function SettingsForm<R extends EndpointPath, S extends EndpointPath, F extends object>(props: {
  title: string;
  read: R;
  save: S;
  toForm?: (data: ResultOf<R>) => F;
  fromForm?: (values: F) => BodyOf<S>;
  /** after a successful save (e.g. show test results); the saved answer and the form */
  onSaved?: (answer: ResultOf<S>, form: FormInstance<F>) => void;
  /** a note above the form */
  intro?: ReactNode;
  /** the fields; as a function they also get the form and the settings as read (masked secrets…) */
  children: ReactNode | ((form: FormInstance<F>, loaded: ResultOf<R>) => ReactNode);
}) {
  const { title, read, save, toForm, fromForm, onSaved, intro, children } = props;
  const call = useStaffCall();
  const { message } = App.useApp();
  const [form] = Form.useForm<F>();
  const [loaded, setLoaded] = useState<{ data: ResultOf<R>; initial: F } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    void call(read).then((data) => {
      if (!active || data === undefined) return;
      setLoaded({ data, initial: (toForm ? toForm(data) : data) as F });
    });
    return () => {
      active = false;
    };
    // Read once per page visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read]);

  async function submit(shown: F) {
    // The whole form, fields hidden right now included (a closed section keeps its values).
    const values = { ...(form.getFieldsValue(true) as F), ...shown };
    setSaving(true);
    const answer = await call(save, (fromForm ? fromForm(values) : values) as BodyOf<S>);
    setSaving(false);
    if (answer === undefined) return;
    void message.success("已保存，商城页面已同步更新");
    onSaved?.(answer, form);
    // What the page shows beside the form (masked secrets, the cashier's methods) as saved.
    const fresh = await call(read, undefined, { silent: true });
    if (fresh !== undefined) setLoaded((current) => current && { ...current, data: fresh });
  }

  return (
    <ConsolePage title={title}>
      {intro}
      <Card variant="borderless">
        {loaded === null ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Form<F> form={form} initialValues={loaded.initial} layout="horizontal" labelCol={{ flex: "180px" }} wrapperCol={{ flex: "minmax(0, 560px)" }} onFinish={submit} disabled={saving} scrollToFirstError>
            {typeof children === "function" ? children(form, loaded.data) : children}
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            </Form.Item>
          </Form>
        )}
      </Card>
    </ConsolePage>
  );
}
