import type { ReactNode } from "react";
import { Button, Form } from "antd";

/**
 * The filters above a list: an inline form holding the URL's filter values, whose 查询 button (or
 * Enter) hands what was typed to `onSearch` (which writes the URL). Built again when the URL's values
 * change, so back and forward show what is listed.
 */
export default function FilterForm<Values extends object>(props: { values: Values; onSearch: (values: Values) => void; children: ReactNode }) {
  const { values, onSearch, children } = props;
  return (
    <Form<Values> layout="inline" key={JSON.stringify(values)} initialValues={values} onFinish={onSearch}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}
