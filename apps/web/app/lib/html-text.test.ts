import { describe, expect, it } from "vitest";
import { htmlToParagraphs } from "./html-text.ts";

describe("htmlToParagraphs", () => {
  it("turns blocks and line breaks into paragraphs and drops every tag", () => {
    const html = '<h2>用户注册协议</h2><p>第一条&nbsp;总则</p><div>本协议<b>具有</b>法律效力。<br/>请仔细阅读。</div>';
    expect(htmlToParagraphs(html)).toEqual(["用户注册协议", "第一条 总则", "本协议具有法律效力。", "请仔细阅读。"]);
  });

  it("removes scripts, styles, comments and attributes with their content", () => {
    const html = '<p onclick="steal()">安全</p><script>alert(1)</script><style>p{}</style><!-- x --><img src=x onerror=alert(1)>';
    expect(htmlToParagraphs(html)).toEqual(["安全"]);
  });

  it("decodes entities once, so encoded markup stays text", () => {
    expect(htmlToParagraphs("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#20013;&#x6587;")).toEqual(["<script>alert(1)</script> & 中文"]);
  });

  it("gives nothing for empty content", () => {
    expect(htmlToParagraphs("")).toEqual([]);
  });
});
