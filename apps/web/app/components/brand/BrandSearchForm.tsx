import { Button, Input } from "antd";
import { Form } from "react-router";
import { KEYWORD_MAX_LENGTH } from "../../lib/search-keyword.ts";

/** Brand name search; a GET form, so it works before hydration and the URL keeps the keyword. */
export function BrandSearchForm({ keyword }: { keyword: string }) {
  return (
    <Form method="get" action="/goods/brand" className="brand-search" role="search">
      <Input
        key={keyword}
        name="keyword"
        defaultValue={keyword}
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="搜索品牌名称"
        allowClear
        aria-label="品牌名称"
      />
      <Button type="primary" htmlType="submit">
        搜索
      </Button>
    </Form>
  );
}
