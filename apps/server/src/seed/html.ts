/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** Plain-text paragraphs as the simple HTML the CMS columns store. */
export const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("");
