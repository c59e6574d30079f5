import { gzipSync } from "node:zlib";

export interface FirstLoadSize {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** Script URLs under /web/assets/ the page's HTML loads: modulepreload links, script src and inline imports. */
export function scriptUrls(html: string): string[] {
  const found = html.match(/\/web\/assets\/[\w.-]+\.js/g) ?? [];
  return [...new Set(found)];
}

/**
 * What a first visit downloads in JavaScript for a page: every script the HTML references, each
 * compressed with gzip (level 9, as a static server would send it).
 */
export async function firstLoadJs(origin: string, pagePath: string): Promise<FirstLoadSize> {
  const html = await (await fetch(origin + pagePath)).text();
  const urls = scriptUrls(html);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const bytes = Buffer.from(await (await fetch(origin + url)).arrayBuffer());
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: urls.length, rawBytes, gzipBytes };
}
