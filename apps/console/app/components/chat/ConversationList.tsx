import { Avatar, Badge, Button, Empty, Segmented } from "antd";
import { UserOutlined } from "@ant-design/icons";
import type { StaffChatSession } from "@shop/contract/domains/chat";
import { listTime, pictureUrl } from "../../lib/format.ts";
import { SESSION_STATUS_LABEL, type SessionFilter } from "./chat-state.ts";

const FILTERS: Array<{ label: string; value: SessionFilter }> = [
  { label: "全部", value: "all" },
  { label: SESSION_STATUS_LABEL[0], value: 0 },
  { label: SESSION_STATUS_LABEL[1], value: 1 },
  { label: SESSION_STATUS_LABEL[2], value: 2 },
];

interface Props {
  sessions: StaffChatSession[];
  filter: SessionFilter;
  openMemberId: number;
  hasMore: boolean;
  onFilter(filter: SessionFilter): void;
  onOpen(session: StaffChatSession): void;
  onMore(): void;
}

/** The conversations, newest first: avatar with the member's online dot, nickname, last message, time, unread. */
export function ConversationList({ sessions, filter, openMemberId, hasMore, onFilter, onOpen, onMore }: Props) {
  return (
    <section className="chat-sessions" aria-label="会话列表">
      <div className="chat-sessions__filter">
        <Segmented<SessionFilter> block size="small" options={FILTERS} value={filter} onChange={onFilter} />
      </div>
      {sessions.length === 0 ? (
        <Empty className="chat-sessions__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会话" />
      ) : (
        <ul className="chat-sessions__list">
          {sessions.map((session) => (
            <li key={session.member_id}>
              <button
                type="button"
                className={`chat-session${session.member_id === openMemberId ? " chat-session--active" : ""}`}
                aria-current={session.member_id === openMemberId ? "true" : undefined}
                data-member-id={session.member_id}
                onClick={() => onOpen(session)}
              >
                <Badge dot status={session.online ? "success" : "default"} offset={[-4, 34]} title={session.online ? "在线" : "离线"}>
                  <Avatar size={40} src={pictureUrl(session.headimg) || undefined} alt="" icon={<UserOutlined />} />
                </Badge>
                <span className="chat-session__main">
                  <span className="chat-session__top">
                    <span className="chat-session__name">{session.nickname}</span>
                    <time className="chat-session__time">{listTime(session.last_time)}</time>
                  </span>
                  <span className="chat-session__bottom">
                    <span className="chat-session__last">{session.last_message || "暂无消息"}</span>
                    {session.status === 0 && <span className="chat-session__waiting">{SESSION_STATUS_LABEL[0]}</span>}
                    <Badge className="chat-session__unread" count={session.unread} overflowCount={99} size="small" title={`${session.unread} 条未读`} />
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button type="link" block onClick={onMore}>
          加载更多会话
        </Button>
      )}
    </section>
  );
}
