import { Form } from "react-router";
import { KEYWORD_MAX_LENGTH } from "../../lib/search-keyword.ts";
import { ClearableInput } from "../ui/ClearableInput.tsx";

/** Brand name search; a GET form, so it works before hydration and the URL keeps the keyword. */
export function BrandSearchForm({ keyword }: { keyword: string }) {
  return (
    <Form method="get" action="/goods/brand" className="brand-search" role="search">
      <ClearableInput key={keyword} name="keyword" defaultValue={keyword} maxLength={KEYWORD_MAX_LENGTH} placeholder="搜索品牌名称" aria-label="品牌名称" />
      <button type="submit" className="ui-button ui-button--primary">
        搜索
      </button>
    </Form>
  );
}
