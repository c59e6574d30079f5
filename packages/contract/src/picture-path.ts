/**
 * Picture paths from the API are relative, as the reference's ("upload/a.jpg"), or absolute URLs.
 * Our browser apps live under /web/ and /console/, so a relative path is made root-relative
 * ("/upload/a.jpg"); root-relative paths, URLs and data: URIs are kept.
 */
export function pictureUrl(path: string | null | undefined): string {
  const value = (path ?? "").trim();
  if (!value) return "";
  if (/^(https?:)?\/\//i.test(value) || value.startsWith("data:") || value.startsWith("/")) return value;
  return "/" + value;
}
