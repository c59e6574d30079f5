import { useState, type FormEvent } from "react";
import { useHref, useLocation, useNavigate, useSearchParams } from "react-router";
import { Link } from "../Link.tsx";
import { useGlobalData } from "../../../lib/global-data.ts";
import { searchPath } from "../../../lib/links.ts";
import { SearchSuggest } from "./SearchSuggest.tsx";
import { KEYWORD_MAX_LENGTH, keywordParam } from "../../../lib/search-keyword.ts";

type SearchTarget = "goods" | "shop";

const TARGETS: Array<{ value: SearchTarget; label: string }> = [
  { value: "goods", label: "商品" },
  { value: "shop", label: "门店" },
];

/** SPEC §9 */
const FALLBACK_PLACEHOLDER = "请输入您要查询的商品";

/**
 * SPEC §2 search bar: goods/shop switch (shop on /street), keyword input, 搜索 button or Enter;
 * an empty goods keyword searches the default word. Hot words below. Without JavaScript the
 * form still submits a goods search (GET /goods/list?keyword=…).
 */
export function SearchBox() {
  const { defaultWord, hotWords } = useGlobalData();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const goodsListHref = useHref("/goods/list");
  const onStreet = location.pathname === "/street";
  const [target, setTarget] = useState<SearchTarget>(onStreet ? "shop" : "goods");
  // A longer keyword in a shared URL is cut like the search itself cuts it.
  const [keyword, setKeyword] = useState(() => keywordParam(searchParams));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = keyword.trim();
    const word = typed || (target === "goods" ? defaultWord : "");
    void navigate(searchPath(word, target));
  };

  return (
    <div className="search">
      <div className="search-targets" role="tablist">
        {TARGETS.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={target === item.value}
            className={target === item.value ? "search-target search-target-active" : "search-target"}
            onClick={() => setTarget(item.value)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <form className="search-form" action={goodsListHref} method="get" onSubmit={submit} role="search">
        <SearchSuggest
          className="search-input"
          name="keyword"
          maxLength={KEYWORD_MAX_LENGTH}
          placeholder={defaultWord || FALLBACK_PLACEHOLDER}
          aria-label="搜索关键词"
          value={keyword}
          onChange={setKeyword}
          onSelect={(word) => {
            setKeyword(word);
            void navigate(searchPath(word, target));
          }}
          enabled={target === "goods"}
        />
        <button type="submit" className="search-button">
          搜索
        </button>
      </form>
      {hotWords.length > 0 && (
        <div className="search-hotwords">
          {hotWords.map((word) => (
            <Link key={word} to={searchPath(word)} className="search-hotword">
              {word}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
