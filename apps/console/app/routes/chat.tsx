import { useEffect, useState } from "react";
import { useOutletContext } from "react-router";
import type { StaffProfile } from "@shop/contract";
import { Badge, Empty, Typography } from "antd";
import type { ChatQuickReply } from "@shop/contract/domains/chat";
import { ConversationList } from "../components/chat/ConversationList.tsx";
import { ConversationPane } from "../components/chat/ConversationPane.tsx";
import { NotifyButton } from "../components/chat/NotifyButton.tsx";
import { useWorkbench } from "../components/chat/use-workbench.ts";
import { answerBlocker, viewerOf } from "../components/chat/chat-state.ts";
import { useStaffCall } from "../lib/use-staff-call.ts";
import type { SocketStatus } from "../lib/chat-socket.ts";
import "../components/chat/workbench.css";

export function meta() {
  return [{ title: "客服工作台 - 商城管理后台" }];
}

const SOCKET_LABEL: Record<SocketStatus, { status: "success" | "processing" | "error"; text: string }> = {
  open: { status: "success", text: "已连接" },
  connecting: { status: "processing", text: "连接中…" },
  closed: { status: "error", text: "连接已断开，正在重连" },
};

/** The customer-service workbench (issue 12): conversations on the left, the open one on the right. */
export default function ChatWorkbench() {
  const staff = useOutletContext<StaffProfile>();
  const call = useStaffCall();
  const workbench = useWorkbench(viewerOf(staff));
  const { state, openRow } = workbench;
  const [quickReplies, setQuickReplies] = useState<ChatQuickReply[]>([]);

  useEffect(() => {
    void call("/shopapi/chat/quickreplies", undefined, { silent: true }).then((list) => setQuickReplies(list ?? []));
  }, [call]);

  const socket = SOCKET_LABEL[workbench.socketStatus];
  return (
    <div className="workbench">
      <div className="workbench__bar">
        <Typography.Title level={4} className="workbench__title">
          客服工作台
        </Typography.Title>
        <Badge status={socket.status} text={socket.text} className="workbench__socket" />
        <NotifyButton />
      </div>
      <div className="workbench__panes">
        <ConversationList
          sessions={state.sessions}
          filter={state.filter}
          openMemberId={state.openMemberId}
          hasMore={state.sessionPage < state.sessionPageCount}
          onFilter={workbench.setFilter}
          onOpen={(session) => void workbench.open(session)}
          onMore={() => void workbench.loadMoreSessions()}
        />
        {openRow ? (
          <ConversationPane
            key={openRow.member_id}
            session={openRow}
            messages={state.messages}
            hasOlder={state.historyPage < state.historyPageCount}
            quickReplies={quickReplies}
            answerBlocker={answerBlocker(openRow, state.viewer)}
            onLoadOlder={workbench.loadOlder}
            onSend={workbench.answer}
            onClose={workbench.closeConversation}
          />
        ) : (
          <div className="chat-pane chat-pane--empty">
            <Empty description="从左侧选择一个会话开始接待" />
          </div>
        )}
      </div>
    </div>
  );
}
