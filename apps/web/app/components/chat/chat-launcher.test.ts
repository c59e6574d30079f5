import { describe, expect, it } from "vitest";
import { chatEntryKind, listenForChatOpen, openChat, type ChatDraft } from "./chat-launcher.ts";

describe("chatEntryKind", () => {
  it("follows the service type of SPEC §4", () => {
    expect(chatEntryKind({ type: "niushop", third_url: "" })).toBe("chat");
    expect(chatEntryKind({ type: "third", third_url: "https://kefu.example/chat" })).toBe("third");
    expect(chatEntryKind({ type: "third", third_url: "" })).toBe("hidden");
    expect(chatEntryKind({ type: "none", third_url: "https://kefu.example/chat" })).toBe("hidden");
  });
});

describe("openChat", () => {
  it("reaches the page's one listener with the draft, and nobody after it unsubscribed", () => {
    const opened: Array<ChatDraft | null> = [];
    const stop = listenForChatOpen((draft) => opened.push(draft));
    const draft: ChatDraft = { content_type: 1, goods: { sku_id: 5, sku_name: "茶杯", sku_image: "", price: "9.90" } };
    openChat();
    openChat(draft);
    stop();
    openChat();
    expect(opened).toEqual([null, draft]);
  });

  it("a replaced listener's late unsubscribe does not remove its successor", () => {
    const opened: string[] = [];
    const stopFirst = listenForChatOpen(() => opened.push("first"));
    const stopSecond = listenForChatOpen(() => opened.push("second"));
    stopFirst();
    openChat();
    stopSecond();
    expect(opened).toEqual(["second"]);
  });
});
