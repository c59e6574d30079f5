import { describe, expect, it } from "vitest";
import { CHAT_EMOJI } from "@shop/contract/domains/chat-emoji";
import { emojiKeyTarget } from "./EmojiPicker.tsx";

describe("emojiKeyTarget (the panel's keyboard)", () => {
  it("moves by one with ←/→ and by a row of 10 with ↑/↓", () => {
    expect(emojiKeyTarget("ArrowRight", 0)).toBe(1);
    expect(emojiKeyTarget("ArrowLeft", 5)).toBe(4);
    expect(emojiKeyTarget("ArrowDown", 3)).toBe(13);
    expect(emojiKeyTarget("ArrowUp", 13)).toBe(3);
  });

  it("stops at the edges of the 47 emoji", () => {
    expect(CHAT_EMOJI).toHaveLength(47);
    expect(emojiKeyTarget("ArrowLeft", 0)).toBe(0);
    expect(emojiKeyTarget("ArrowUp", 4)).toBe(4);
    expect(emojiKeyTarget("ArrowRight", 46)).toBe(46);
    // The last row has 7: down from the 8th column of the row above stays put.
    expect(emojiKeyTarget("ArrowDown", 38)).toBe(38);
    expect(emojiKeyTarget("ArrowDown", 36)).toBe(46);
  });

  it("jumps with Home and End, and ignores other keys", () => {
    expect(emojiKeyTarget("Home", 30)).toBe(0);
    expect(emojiKeyTarget("End", 3)).toBe(46);
    expect(emojiKeyTarget("a", 7)).toBe(7);
    expect(emojiKeyTarget("Enter", 7)).toBe(7);
  });
});
