import { useState } from "react";
import { Alert, Avatar, Button, Empty, Popconfirm, Space, Tag, Typography } from "antd";
import { UserOutlined } from "@ant-design/icons";
import type { ChatMessage, ChatQuickReply, StaffChatSession } from "@shop/contract/domains/chat";
import { pictureUrl } from "../../lib/format.ts";
import { SESSION_STATUS_LABEL } from "./chat-state.ts";
import { Composer } from "./Composer.tsx";
import { MessageItem } from "./MessageItem.tsx";
import { useHistoryScroll } from "./use-history-scroll.ts";
import type { AnswerBody } from "./use-workbench.ts";

interface Props {
  session: StaffChatSession;
  messages: ChatMessage[];
  hasOlder: boolean;
  quickReplies: ChatQuickReply[];
  /** why this servicer cannot answer now (closed, taken by another), or null */
  answerBlocker: string | null;
  onLoadOlder(): Promise<void>;
  onSend(body: AnswerBody): Promise<boolean>;
  onClose(): Promise<boolean>;
}

const STATUS_COLOR = { 0: "orange", 1: "green", 2: "default" } as const;

/**
 * The open conversation: who it is, its history (older pages above, the view kept where it was
 * when they come; new messages scroll it down while the reader is at the bottom) and the reply box.
 */
export function ConversationPane({ session, messages, hasOlder, quickReplies, answerBlocker, onLoadOlder, onSend, onClose }: Props) {
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroll = useHistoryScroll(messages[0]?.id ?? 0, messages.at(-1)?.id ?? 0, session.member_id);

  async function loadOlder() {
    scroll.keepView();
    setLoadingOlder(true);
    await onLoadOlder();
    setLoadingOlder(false);
  }

  async function send(body: AnswerBody) {
    scroll.follow();
    return onSend(body);
  }

  return (
    <section className="chat-pane" aria-label={`与 ${session.nickname} 的会话`}>
      <header className="chat-pane__header">
        <Space size={12}>
          <Avatar size={40} src={pictureUrl(session.headimg) || undefined} alt="" icon={<UserOutlined />} />
          <div>
            <Typography.Text strong className="chat-pane__name">
              {session.nickname}
            </Typography.Text>
            <div className="chat-pane__facts">
              <Tag color={session.online ? "green" : "default"}>{session.online ? "在线" : "离线"}</Tag>
              <Tag color={STATUS_COLOR[session.status]}>{SESSION_STATUS_LABEL[session.status]}</Tag>
              {session.servicer_name && <Typography.Text type="secondary">接待：{session.servicer_name}</Typography.Text>}
            </div>
          </div>
        </Space>
        <Popconfirm
          title="结束会话"
          description="确定结束与该会员的会话吗？"
          okText="结束会话"
          cancelText="取消"
          onConfirm={() => onClose()}
          disabled={answerBlocker !== null}
        >
          <Button danger disabled={answerBlocker !== null}>
            结束会话
          </Button>
        </Popconfirm>
      </header>
      <div className="chat-pane__history" ref={scroll.ref} onScroll={scroll.onScroll}>
        {hasOlder ? (
          <Button type="link" className="chat-pane__older" loading={loadingOlder} onClick={() => void loadOlder()}>
            加载更多
          </Button>
        ) : (
          messages.length > 0 && <div className="chat-pane__older chat-pane__older--end">没有更多聊天记录了</div>
        )}
        {messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无聊天记录" />}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </div>
      {answerBlocker ? (
        <Alert className="chat-pane__blocked" type="info" showIcon title={answerBlocker} />
      ) : (
        <Composer quickReplies={quickReplies} onSend={send} />
      )}
    </section>
  );
}
