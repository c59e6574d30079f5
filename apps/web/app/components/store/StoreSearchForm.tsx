import { Button, Input } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { Form } from "react-router";
import { KEYWORD_MAX_LENGTH } from "../../lib/search-keyword.ts";

/** The store search; a GET form to /street, so it works before hydration and keeps ?keyword. */
export function StoreSearchForm({ keyword }: { keyword: string }) {
  return (
    <Form method="get" action="/street" className="street-search__form" role="search">
      <Input
        key={keyword}
        name="keyword"
        size="large"
        defaultValue={keyword}
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="输入门店名称、城市或街道，如：上海、天河"
        prefix={<SearchOutlined className="street-search__icon" />}
        allowClear
        aria-label="门店关键词"
      />
      <Button type="primary" size="large" htmlType="submit" className="street-search__button">
        搜索门店
      </Button>
    </Form>
  );
}
