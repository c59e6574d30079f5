import { useCallback, useEffect, useRef, useState } from "react";
import type { SearchSuggestion } from "@shop/contract";
import { browserApi } from "../../../lib/api.ts";

/** Typing pause before asking the server. */
export const SUGGEST_DEBOUNCE_MS = 200;

/**
 * Suggestions for the text being typed: `request(text)` asks after a 200 ms pause (a newer
 * request cancels the pending one, and answers to older ones are dropped); blank text clears.
 * A failed call just shows no suggestions (they are a convenience).
 */
export function useSearchSuggest(limit = 10) {
  const [list, setList] = useState<SearchSuggestion[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  const request = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      const ticket = ++latest.current;
      const keyword = text.trim();
      if (!keyword) {
        setList([]);
        return;
      }
      timer.current = setTimeout(() => {
        browserApi
          .call("/api/goods/searchSuggest", { keyword, limit })
          .then((result) => result.list, () => [] as SearchSuggestion[])
          .then((found) => {
            if (ticket === latest.current) setList(found);
          });
      }, SUGGEST_DEBOUNCE_MS);
    },
    [limit],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    latest.current += 1;
    setList([]);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { list, request, clear };
}
