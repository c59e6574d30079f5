import sanitize from "sanitize-html";

/**
 * Rich text (help and notice content, goods descriptions) is HTML written in the admin's editor.
 * It is cleaned on output with an allow-list: editor formatting, tables, images, links and video
 * survive; scripts, event handlers, frames, forms and javascript:/vbscript: URLs do not.
 */

const TEXT_TAGS = [
  "p", "br", "hr", "div", "span", "section", "article", "blockquote", "pre", "code", "address",
  "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "strike", "del", "ins",
  "sub", "sup", "small", "big", "mark", "font", "center", "abbr", "cite", "q",
];
const LIST_TAGS = ["ul", "ol", "li", "dl", "dt", "dd"];
const TABLE_TAGS = ["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"];
const MEDIA_TAGS = ["a", "img", "figure", "figcaption", "video", "audio", "source"];

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i;
const LENGTH = /^(-?[\d.]+(px|em|rem|%|pt|vw|vh)?\s*){1,4}$|^auto$/i;
const KEYWORD = /^[a-z-]+$/i;
const FONT_FAMILY = /^[\w\s,"'\u4e00-\u9fa5-]+$/;

/** Inline styles the editor produces; values are matched whole, so url(), expression() never pass. */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [COLOR],
  "background-color": [COLOR],
  "font-size": [LENGTH, KEYWORD],
  "font-weight": [/^(normal|bold|bolder|lighter|\d{3})$/i],
  "font-style": [KEYWORD],
  "font-family": [FONT_FAMILY],
  "text-align": [/^(left|right|center|justify)$/i],
  "text-decoration": [/^[a-z\s-]+$/i],
  "text-indent": [LENGTH],
  "line-height": [LENGTH, /^[\d.]+$/],
  "letter-spacing": [LENGTH],
  "vertical-align": [KEYWORD, LENGTH],
  "white-space": [KEYWORD],
  "word-break": [KEYWORD],
  width: [LENGTH],
  height: [LENGTH],
  "max-width": [LENGTH],
  margin: [LENGTH],
  "margin-left": [LENGTH],
  "margin-right": [LENGTH],
  "margin-top": [LENGTH],
  "margin-bottom": [LENGTH],
  padding: [LENGTH],
  "padding-left": [LENGTH],
  "padding-right": [LENGTH],
  "padding-top": [LENGTH],
  "padding-bottom": [LENGTH],
  border: [/^[\w\s#.,%()-]+$/],
  "border-collapse": [KEYWORD],
  float: [/^(left|right|none)$/i],
  display: [/^(block|inline|inline-block|none|table|table-cell|flex)$/i],
};

const CELL_ATTRIBUTES = ["colspan", "rowspan", "align", "valign", "width", "height", "bgcolor"];

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...TEXT_TAGS, ...LIST_TAGS, ...TABLE_TAGS, ...MEDIA_TAGS],
  allowedAttributes: {
    "*": ["style", "class", "title", "align", "dir", "lang"],
    a: ["href", "target", "rel", "name"],
    img: ["src", "alt", "width", "height"],
    video: ["src", "poster", "controls", "width", "height", "preload", "loop", "muted"],
    audio: ["src", "controls", "preload", "loop"],
    source: ["src", "type"],
    font: ["color", "size", "face"],
    table: ["border", "cellpadding", "cellspacing", "width", "bgcolor"],
    col: ["span", "width"],
    colgroup: ["span", "width"],
    th: CELL_ATTRIBUTES,
    td: CELL_ATTRIBUTES,
    ol: ["start", "type"],
    li: ["value"],
  },
  allowedStyles: { "*": ALLOWED_STYLES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "poster", "cite"],
  allowProtocolRelative: true,
  disallowedTagsMode: "discard",
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: withSafeRel(attribs) }) },
};

/**
 * A link whose target is anything but the same frame (`_blank` in any case, `_top`, a named
 * window) gets rel="noopener noreferrer", so the opened page never receives `window.opener`;
 * `opener` is dropped from every rel, other words (e.g. nofollow) are kept.
 */
function withSafeRel(attribs: sanitize.Attributes): sanitize.Attributes {
  const target = (attribs.target ?? "").trim().toLowerCase();
  const opensElsewhere = target !== "" && target !== "_self";
  const kept = (attribs.rel ?? "").split(/\s+/).filter((word) => word && !/^(?:opener|noopener|noreferrer)$/i.test(word));
  const rel = [...kept, ...(opensElsewhere ? ["noopener", "noreferrer"] : [])].join(" ");
  const { rel: _dropped, ...rest } = attribs;
  return rel ? { ...rest, rel } : rest;
}

/** Cleans editor HTML for display; safe to put in the page as-is (dangerouslySetInnerHTML). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitize(html, OPTIONS);
}
