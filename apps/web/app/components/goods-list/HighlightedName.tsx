import { Fragment } from "react";

/** Escapes a word for use inside a RegExp. */
const escapeWord = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The goods name with the searched words in red (case-insensitive), like the shop's search pages. */
export function HighlightedName({ name, keyword }: { name: string; keyword: string }) {
  const words = keyword.split(/\s+/).filter(Boolean).map(escapeWord);
  if (words.length === 0) return <>{name}</>;
  const pattern = new RegExp(`(${words.join("|")})`, "gi");
  return (
    <>
      {name.split(pattern).map((part, index) =>
        index % 2 === 1 ? <em key={index} className="goods-list-item__hit">{part}</em> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
