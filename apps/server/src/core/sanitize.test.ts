import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.ts";

describe("sanitizeRichText", () => {
  it("keeps editor formatting, tables, images and links", () => {
    const html =
      '<p style="text-align: center; color: #ff0000"><strong>运费</strong>说明<br /></p>' +
      '<table border="1"><tbody><tr><td colspan="2">满 99 元包邮</td></tr></tbody></table>' +
      '<img src="/upload/help/1.png" alt="示意" width="300" /><a href="https://example.com/a?b=1">链接</a>' +
      '<ul><li>一</li></ul>';
    expect(sanitizeRichText(html)).toBe(
      '<p style="text-align:center;color:#ff0000"><strong>运费</strong>说明<br /></p>' +
        '<table border="1"><tbody><tr><td colspan="2">满 99 元包邮</td></tr></tbody></table>' +
        '<img src="/upload/help/1.png" alt="示意" width="300" /><a href="https://example.com/a?b=1">链接</a>' +
        "<ul><li>一</li></ul>",
    );
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeRichText("")).toBe("");
    expect(sanitizeRichText(null)).toBe("");
  });

  it.each([
    ["script element", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ["script with odd casing", "<ScRiPt>alert(1)</sCrIpT>b", "b"],
    ["event handler on img", '<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ["event handler on any element", '<p onclick="alert(1)" onmouseover=alert(2)>t</p>', "<p>t</p>"],
    ["javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["javascript: link with entities and case", '<a href="JaVa&#x53;cript&colon;alert(1)">x</a>', "<a>x</a>"],
    ["javascript: link with whitespace", '<a href=" &#14; javascript:alert(1)">x</a>', "<a>x</a>"],
    ["vbscript: link", '<a href="vbscript:msgbox(1)">x</a>', "<a>x</a>"],
    ["data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', "<a>x</a>"],
    ["javascript: image", '<img src="javascript:alert(1)">', "<img />"],
    ["iframe", '<iframe src="https://evil.example"></iframe>ok', "ok"],
    ["object and embed", '<object data="x.swf"></object><embed src="x.swf">ok', "ok"],
    ["svg with script", "<svg><script>alert(1)</script></svg>ok", "ok"],
    ["svg onload", '<svg onload="alert(1)"></svg>ok', "ok"],
    ["style element", "<style>body{display:none}</style>ok", "ok"],
    ["form", '<form action="https://evil.example"><input name="p"></form>ok', "ok"],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', "ok"],
    ["base href", '<base href="https://evil.example/">ok', "ok"],
    ["style url()", '<p style="background-image: url(javascript:alert(1))">t</p>', "<p>t</p>"],
    ["style expression()", '<p style="width: expression(alert(1))">t</p>', "<p>t</p>"],
    ["unterminated tag", '<img src=x onerror=alert(1)//', ""],
    ["comment trick", "<!--<img src=x onerror=alert(1)>-->ok", "ok"],
  ])("removes %s", (_name, dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
  });

  it("adds rel=noopener to links opening a new tab", () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  // The probe: target="_BLANK", or a named target with rel="opener", kept window.opener.
  it.each([
    ['target="_BLANK"', '<a href="https://e.example" target="_BLANK">x</a>', 'target="_BLANK" rel="noopener noreferrer"'],
    ['a named target with rel="opener"', '<a href="https://e.example" target="shop" rel="opener">x</a>', 'target="shop" rel="noopener noreferrer"'],
    ["rel=OPENER before the target", '<a rel="OPENER" href="https://e.example" target=" _blank ">x</a>', 'target=" _blank " rel="noopener noreferrer"'],
    ["_top", '<a href="https://e.example" target="_top">x</a>', 'target="_top" rel="noopener noreferrer"'],
    ["other rel words kept", '<a href="https://e.example" target="_blank" rel="nofollow opener">x</a>', 'target="_blank" rel="nofollow noopener noreferrer"'],
  ])("forces rel=noopener noreferrer on %s", (_name, dirty, attributes) => {
    expect(sanitizeRichText(dirty)).toBe(`<a href="https://e.example" ${attributes}>x</a>`);
  });

  it("drops rel=opener and adds nothing for links staying in the same frame", () => {
    expect(sanitizeRichText('<a href="/web/help" rel="opener">x</a>')).toBe('<a href="/web/help">x</a>');
    expect(sanitizeRichText('<a href="/web/help" target="_self" rel="opener nofollow">x</a>')).toBe('<a href="/web/help" target="_self" rel="nofollow">x</a>');
  });

  it("escapes text that looks like markup inside attributes", () => {
    const clean = sanitizeRichText('<img src="a.png" alt="&quot;><script>alert(1)</script>">');
    expect(clean).not.toContain("<script");
    expect(clean.startsWith("<img")).toBe(true);
  });
});
