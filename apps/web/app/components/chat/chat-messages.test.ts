import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@shop/contract/domains/chat";
import { catchUpSinceId } from "@shop/contract/domains/chat-messages";
import { isFromMember, lastMessageId, mergeMessages, messageBody } from "./chat-messages.ts";

function message(id: number, text = `m${id}`, type: 0 | 1 = 0): ChatMessage {
  return {
    id, member_id: 7, servicer_id: 2, shop_id: 0, type, content_type: 0,
    consumer_say: type === 0 ? text : "", servicer_say: type === 1 ? text : "",
    goods_sku_id: 0, order_id: 0, nickname: "n", avatar: "", shop_name: "平台客服", logo: "",
    create_day: "2026-11-27", create_time: 1_800_000_000 + id, is_auto: 0,
  };
}
const ids = (list: ChatMessage[]) => list.map((item) => item.id);

describe("mergeMessages", () => {
  it("keeps id order whatever order the copies arrive in", () => {
    const live = mergeMessages([], [message(9)]);
    const withOlderPage = mergeMessages(live, [message(3), message(4), message(5), message(6)]);
    expect(ids(withOlderPage)).toEqual([3, 4, 5, 6, 9]);
  });

  it("shows a message once when both its frame and the answer of say arrive, in either order", () => {
    const frame = message(2);
    const answer = { ...message(2), client_msg_id: "c-1" };
    const frameFirst = mergeMessages(mergeMessages([message(1)], [frame]), [answer]);
    const answerFirst = mergeMessages(mergeMessages([message(1)], [answer]), [frame]);
    expect(ids(frameFirst)).toEqual([1, 2]);
    expect(ids(answerFirst)).toEqual([1, 2]);
    expect(frameFirst[1]).toBe(answer);
    expect(answerFirst[1]).toBe(frame);
  });

  it("takes the later copy of a message", () => {
    const merged = mergeMessages([message(1, "old")], [message(1, "new")]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.consumer_say).toBe("new");
  });

  it("joins an overlapping catch-up after a reconnect without doubles or gaps", () => {
    const shown = [message(1), message(2), message(3)];
    const caughtUp = mergeMessages(shown, [message(3), message(4), message(5)]);
    expect(ids(caughtUp)).toEqual([1, 2, 3, 4, 5]);
    expect(lastMessageId(caughtUp)).toBe(5);
  });

  it("returns the same list when nothing arrives", () => {
    const shown = [message(1)];
    expect(mergeMessages(shown, [])).toBe(shown);
    expect(lastMessageId([])).toBe(0);
  });
});

describe("message sides", () => {
  it("puts the member's messages on their side and reads the text of either sender", () => {
    expect(isFromMember(message(1, "hi", 0))).toBe(true);
    expect(isFromMember(message(2, "您好", 1))).toBe(false);
    expect(messageBody(message(1, "hi", 0))).toBe("hi");
    expect(messageBody(message(2, "您好", 1))).toBe("您好");
  });
});

describe("catchUpSinceId", () => {
  it("after a reconnect (no since_id, or an older server's frame) starts at the last id shown", () => {
    expect(catchUpSinceId(42)).toBe(42);
  });

  it("after a catchup frame starts at the lower of the last id shown and the frame's since_id", () => {
    // The socket's own instance pushed 42 during the outage; the other instance's 40 and 41 were never pushed.
    expect(catchUpSinceId(42, 39)).toBe(39);
    expect(catchUpSinceId(30, 39)).toBe(30);
    expect(catchUpSinceId(0, 39)).toBe(0);
  });
});
