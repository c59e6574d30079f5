import { describe, expect, it } from "vitest";
import { CHAT_EMOJI } from "@shop/contract/domains/chat-emoji";
import { BLANK_MESSAGE_WARNING, TOO_LONG_WARNING, chatCounter, chatTextProblem, insertAt, isTooLong } from "./chat-text.ts";

describe("chat text", () => {
  it("refuses blank text with 不能发送空白内容", () => {
    expect(chatTextProblem("")).toBe(BLANK_MESSAGE_WARNING);
    expect(chatTextProblem("   \n\t ")).toBe(BLANK_MESSAGE_WARNING);
    expect(BLANK_MESSAGE_WARNING).toBe("不能发送空白内容");
  });

  it("refuses 150 characters or more with 单次最多发送150个字符, accepts 149", () => {
    expect(chatTextProblem("字".repeat(149))).toBe("");
    expect(chatTextProblem("字".repeat(150))).toBe(TOO_LONG_WARNING);
    expect(chatTextProblem("a".repeat(400))).toBe(TOO_LONG_WARNING);
    expect(TOO_LONG_WARNING).toBe("单次最多发送150个字符");
  });

  it("counts an emoji as one character, like the server", () => {
    const emoji = CHAT_EMOJI[0];
    expect(chatCounter(`你好${emoji}`)).toBe("3/150");
    expect(isTooLong(emoji.repeat(149))).toBe(false);
    expect(isTooLong(emoji.repeat(150))).toBe(true);
    expect(chatCounter("")).toBe("0/150");
  });

  it("inserts at the caret or over the selection, and puts the caret after the piece", () => {
    expect(insertAt("你好", "😀", 1)).toEqual({ text: "你😀好", caret: 3 });
    expect(insertAt("abcdef", "X", 1, 4)).toEqual({ text: "aXef", caret: 2 });
    expect(insertAt("ab", "X", 99)).toEqual({ text: "abX", caret: 3 });
    expect(insertAt("ab", "X", -1)).toEqual({ text: "Xab", caret: 1 });
  });
});
