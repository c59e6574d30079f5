import { Form } from "react-router";
import { KEYWORD_MAX_LENGTH } from "../../lib/search-keyword.ts";
import { ClearableInput } from "../ui/ClearableInput.tsx";
import { SearchIcon } from "../ui/icons.tsx";

/** The store search; a GET form to /street, so it works before hydration and keeps ?keyword. */
export function StoreSearchForm({ keyword }: { keyword: string }) {
  return (
    <Form method="get" action="/street" className="street-search__form" role="search">
      <ClearableInput
        key={keyword}
        name="keyword"
        large
        defaultValue={keyword}
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="输入门店名称、城市或街道，如：上海、天河"
        prefix={<SearchIcon className="street-search__icon" />}
        aria-label="门店关键词"
      />
      <button type="submit" className="ui-button ui-button--primary ui-button--large street-search__button">
        搜索门店
      </button>
    </Form>
  );
}
