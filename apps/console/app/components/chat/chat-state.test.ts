import { describe, expect, it } from "vitest";
import type { ChatMessage, StaffChatSession } from "@shop/contract/domains/chat";
import {
  answerBlocker, createWorkbench, draftProblem, initialWorkbench, lastMessageId, mergeMessages, messagePreview, newClientMessageId, sortSessions,
  workbenchReducer, type WorkbenchAction, type WorkbenchState,
} from "./chat-state.ts";

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id, member_id: 7, servicer_id: 2, shop_id: 0, type: 0, content_type: 0, consumer_say: `m${id}`, servicer_say: "",
    goods_sku_id: 0, order_id: 0, nickname: "会员", avatar: "", shop_name: "平台客服", logo: "", create_day: "2026-11-27",
    create_time: 1_800_000_000 + id, is_auto: 0, ...overrides,
  };
}

function session(memberId: number, overrides: Partial<StaffChatSession> = {}): StaffChatSession {
  return {
    session_id: memberId * 10, member_id: memberId, nickname: `会员${memberId}`, headimg: "", servicer_id: 2, servicer_name: "客服",
    status: 1, unread: 0, online: 1, last_message: "", last_time: 1_800_000_000, ...overrides,
  };
}

const run = (state: WorkbenchState, ...actions: WorkbenchAction[]) => actions.reduce(workbenchReducer, state);

describe("mergeMessages", () => {
  it("keeps each id once, oldest first, whatever order and overlap the lists come in", () => {
    const merged = mergeMessages([message(3), message(5)], [message(5), message(1), message(4), message(3)]);
    expect(merged.map((row) => row.id)).toEqual([1, 3, 4, 5]);
  });

  it("takes the newer copy of a message seen again", () => {
    const merged = mergeMessages([message(2, { consumer_say: "old" })], [message(2, { consumer_say: "new" })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.consumer_say).toBe("new");
  });
});

describe("the conversation list", () => {
  it("is newest first, by last message time then by conversation", () => {
    const list = sortSessions([session(1, { last_time: 10 }), session(2, { last_time: 30 }), session(3, { last_time: 30 }), session(4, { last_time: 20 })]);
    expect(list.map((row) => row.member_id)).toEqual([3, 2, 4, 1]);
  });

  it("moves a conversation to the top and counts one unread per new member message (not for the open one)", () => {
    const state = run(
      initialWorkbench,
      { type: "sessions", list: [session(1, { last_time: 50 }), session(7, { last_time: 10 }), session(9, { last_time: 40 })], page: 1, pageCount: 1 },
      { type: "open", memberId: 9 },
      { type: "messages", list: [message(100, { member_id: 7, create_time: 60 })] },
      // the same message again (the socket after a catch-up): nothing more
      { type: "messages", list: [message(100, { member_id: 7, create_time: 60 })] },
      { type: "messages", list: [message(101, { member_id: 7, create_time: 61, consumer_say: "还在吗" })] },
      { type: "messages", list: [message(102, { member_id: 9, create_time: 62 })] },
    );
    expect(state.sessions.map((row) => [row.member_id, row.unread])).toEqual([[9, 0], [7, 2], [1, 0]]);
    expect(state.sessions[1]!.last_message).toBe("还在吗");
    // only the open conversation's messages are in the history
    expect(state.messages.map((row) => row.id)).toEqual([102]);
  });

  it("does not count the servicer's own answers as unread", () => {
    const state = run(
      initialWorkbench,
      { type: "sessions", list: [session(7)], page: 1, pageCount: 1 },
      { type: "messages", list: [message(5, { type: 1, servicer_say: "您好", consumer_say: "" })] },
    );
    expect(state.sessions[0]!.unread).toBe(0);
    expect(state.sessions[0]!.last_message).toBe("您好");
  });

  it("replaces a conversation from a session frame, drops it when it leaves the filter, adds a new one", () => {
    let state = run(
      initialWorkbench,
      { type: "filter", filter: 1 },
      { type: "sessions", list: [session(1, { last_time: 10 }), session(2, { last_time: 20 })], page: 1, pageCount: 1 },
    );
    state = run(state, { type: "session", session: session(1, { last_time: 30, unread: 3 }) });
    expect(state.sessions.map((row) => [row.member_id, row.unread])).toEqual([[1, 3], [2, 0]]);
    state = run(state, { type: "session", session: session(2, { status: 2 }) });
    expect(state.sessions.map((row) => row.member_id)).toEqual([1]);
    state = run(state, { type: "session", session: session(3, { last_time: 5 }) });
    expect(state.sessions.map((row) => row.member_id)).toEqual([1, 3]);
    // a waiting conversation is not 进行中
    state = run(state, { type: "session", session: session(4, { status: 0, last_time: 99 }) });
    expect(state.sessions.map((row) => row.member_id)).toEqual([1, 3]);
  });

  it("drops a waiting conversation another servicer took, keeps it for admins", () => {
    const waiting = session(5, { status: 0, servicer_id: 0 });
    const taken = session(5, { status: 1, servicer_id: 3, servicer_name: "客服小李" });
    const servicer = createWorkbench({ staffId: 2, seesAll: false });
    expect(run(servicer, { type: "session", session: waiting }).sessions).toHaveLength(1);
    expect(run(servicer, { type: "session", session: waiting }, { type: "session", session: taken }).sessions).toHaveLength(0);
    expect(run(servicer, { type: "session", session: session(5, { servicer_id: 2 }) }).sessions).toHaveLength(1);
    const admin = createWorkbench({ staffId: 1, seesAll: true });
    expect(run(admin, { type: "session", session: waiting }, { type: "session", session: taken }).sessions).toHaveLength(1);

    expect(answerBlocker(taken, { staffId: 2, seesAll: false })).toBe("该会话已由客服小李接待");
    expect(answerBlocker(taken, { staffId: 1, seesAll: true })).toBeNull();
    expect(answerBlocker(waiting, { staffId: 2, seesAll: false })).toBeNull();
    expect(answerBlocker(session(5, { status: 2 }), { staffId: 2, seesAll: false })).toBe("会话已结束，会员再次发来消息后可继续回复");
  });

  it("appends later pages without duplicates, and page 1 starts over", () => {
    let state = run(initialWorkbench, { type: "sessions", list: [session(1, { last_time: 9 }), session(2, { last_time: 8 })], page: 1, pageCount: 2 });
    state = run(state, { type: "sessions", list: [session(2, { last_time: 8 }), session(3, { last_time: 7 })], page: 2, pageCount: 2 });
    expect(state.sessions.map((row) => row.member_id)).toEqual([1, 2, 3]);
    expect([state.sessionPage, state.sessionPageCount]).toEqual([2, 2]);
    state = run(state, { type: "sessions", list: [session(3, { last_time: 10 })], page: 1, pageCount: 1 });
    expect(state.sessions.map((row) => row.member_id)).toEqual([3]);
  });

  it("shows the member's presence from connect frames", () => {
    const state = run(initialWorkbench, { type: "sessions", list: [session(1, { online: 1 })], page: 1, pageCount: 1 }, { type: "presence", memberId: 1, online: 0 });
    expect(state.sessions[0]!.online).toBe(0);
  });
});

describe("the open conversation", () => {
  it("opening clears its unread and its previous history; older pages go before, frames in between stay", () => {
    let state = run(
      initialWorkbench,
      { type: "sessions", list: [session(7, { unread: 4 }), session(8)], page: 1, pageCount: 1 },
      { type: "open", memberId: 8 },
      { type: "history", memberId: 8, list: [message(1, { member_id: 8 })], page: 1, pageCount: 1 },
      { type: "open", memberId: 7 },
    );
    expect(state.messages).toEqual([]);
    expect(state.sessions.find((row) => row.member_id === 7)!.unread).toBe(0);

    // a frame lands before the first page does
    state = run(state, { type: "messages", list: [message(30)] });
    state = run(state, { type: "history", memberId: 7, list: [message(27), message(28), message(29), message(30)], page: 1, pageCount: 3 });
    expect(state.messages.map((row) => row.id)).toEqual([27, 28, 29, 30]);
    state = run(state, { type: "history", memberId: 7, list: [message(20), message(21)], page: 2, pageCount: 3 });
    expect(state.messages.map((row) => row.id)).toEqual([20, 21, 27, 28, 29, 30]);
    expect([state.historyPage, state.historyPageCount]).toEqual([2, 3]);
    expect(lastMessageId(state)).toBe(30);

    // a late page of another conversation is ignored
    state = run(state, { type: "history", memberId: 8, list: [message(2, { member_id: 8 })], page: 1, pageCount: 1 });
    expect(state.messages.map((row) => row.id)).toEqual([20, 21, 27, 28, 29, 30]);
  });

  it("a catch-up after a reconnect adds only what was missed", () => {
    let state = run(
      initialWorkbench,
      { type: "sessions", list: [session(7, { unread: 0 })], page: 1, pageCount: 1 },
      { type: "open", memberId: 7 },
      { type: "history", memberId: 7, list: [message(1), message(2)], page: 1, pageCount: 1 },
    );
    state = run(state, { type: "messages", list: [message(2), message(3), message(4)] });
    expect(state.messages.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(state.sessions[0]!.unread).toBe(0);
  });
});

describe("messages as one line", () => {
  it("names cards and pictures, and gives text as it is", () => {
    expect(messagePreview(message(1, { consumer_say: "<img src=x onerror=alert(1)>" }))).toBe("<img src=x onerror=alert(1)>");
    expect(messagePreview(message(1, { content_type: 3, consumer_say: "upload/chat/a.jpg" }))).toBe("[图片]");
    expect(messagePreview(message(1, { content_type: 1, goods: { sku_id: 1, goods_id: 1, sku_name: "保温杯", sku_image: "", price: "9.90", stock: 1, sale_num: 0 } }))).toBe("[商品]");
    expect(messagePreview(message(1, { content_type: 2 }))).toBe("[订单]");
  });
});

describe("a draft", () => {
  it("refuses blank text and 150 characters or more (an emoji is one)", () => {
    expect(draftProblem("  \n ")).toBe("不能发送空白内容");
    expect(draftProblem("a".repeat(149))).toBeNull();
    expect(draftProblem("a".repeat(150))).toBe("单次最多发送150个字符");
    expect(draftProblem("😀".repeat(149))).toBeNull();
    expect(draftProblem("😀".repeat(150))).toBe("单次最多发送150个字符");
  });

  it("gets a fresh client message id each time", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newClientMessageId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
  });
});
