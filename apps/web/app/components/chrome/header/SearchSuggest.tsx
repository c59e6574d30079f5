import { useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { useSearchSuggest } from "./useSearchSuggest.ts";

export interface SearchSuggestProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "onSelect" | "type"> {
  value: string;
  onChange(value: string): void;
  /** a suggestion was chosen (click, or Enter on a highlighted one): search for it */
  onSelect(keyword: string): void;
  /** false turns suggestions off (e.g. while the shop search is selected) */
  enabled?: boolean;
}

/**
 * A search input with suggestions while typing (debounced, /api/goods/searchSuggest). ↑/↓ walk
 * the list and put the word in the input (back to what was typed past either end), Enter on a
 * highlighted word selects it, Esc closes. Without a highlighted word, Enter submits the
 * surrounding form as usual. Chinese input methods: nothing is asked until a word is composed.
 */
export function SearchSuggest({ value, onChange, onSelect, enabled = true, className, ...inputProps }: SearchSuggestProps) {
  const { list, request, clear } = useSearchSuggest();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(value);
  const composing = useRef(false);
  const listId = useId();
  const shown = enabled && open && list.length > 0;

  const type = (text: string) => {
    typed.current = text;
    onChange(text);
    setActive(-1);
    setOpen(true);
    if (enabled && !composing.current) request(text);
  };
  const choose = (keyword: string) => {
    setOpen(false);
    setActive(-1);
    clear();
    onSelect(keyword);
  };
  const move = (step: number) => {
    if (!shown) return setOpen(list.length > 0);
    // Positions -1…n-1, where -1 is the typed text.
    const next = ((active + 1 + step + list.length + 1) % (list.length + 1)) - 1;
    setActive(next);
    onChange(next === -1 ? typed.current : list[next]!.keyword);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && shown && active >= 0) {
      event.preventDefault();
      choose(list[active]!.keyword);
    } else if (event.key === "Escape" && shown) {
      setOpen(false);
      onChange(typed.current);
    }
  };

  return (
    <div className="search-suggest">
      <input
        {...inputProps}
        className={className}
        type="text"
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        onChange={(event) => type(event.target.value)}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={(event) => {
          composing.current = false;
          type(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {shown && (
        <ul className="search-suggest__list" id={listId} role="listbox">
          {list.map((item, index) => (
            <li
              key={item.keyword}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? "search-suggest__item is-active" : "search-suggest__item"}
              // Keep the focus in the input, so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(item.keyword)}
            >
              <span className="search-suggest__word">{item.keyword}</span>
              <span className="search-suggest__count">约 {item.goods_count} 件商品</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
