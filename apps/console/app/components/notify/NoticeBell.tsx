import { memo, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Empty, List, Popover, Space, Typography } from "antd";
import { BellOutlined } from "@ant-design/icons";
import type { StaffNoticeItem, StaffNoticeState } from "@shop/contract/domains/admin-notify";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { listTime } from "../../lib/format.ts";
import { noticeSocketUrl, openNoticeSocket, withNotice } from "../../lib/notice-socket.ts";

/** While the socket is down (reconnecting with back-off), the bell asks for the list this often. */
export const NOTICE_FALLBACK_POLL_MS = 60_000;
/**
 * The header bell (ADR 0030, 0031): new paid orders, refund applications and complaints the staff
 * member's permissions cover, with the unread count; a notice opens its order or refund and is
 * marked read. The list is loaded once, then the server pushes each new notice over the notice
 * socket; after a reconnection the list is loaded again (what came meanwhile is stored), and only
 * while the socket is down does the bell ask every NOTICE_FALLBACK_POLL_MS.
 *
 * Its state is its own: a notice re-renders the bell and nothing else in the layout, so the page
 * under it (a drag under way, a form being typed in) never notices.
 */
function NoticeBell() {
  const call = useStaffCall();
  // The call changes with the location (its error handler returns there): the socket must not.
  const callRef = useRef(call);
  callRef.current = call;
  const [state, setState] = useState<StaffNoticeState>({ unread: 0, list: [] });
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const loadRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    let alive = true;
    let poll: ReturnType<typeof setInterval> | undefined;
    const load = async () => {
      const next = await callRef.current("/shopapi/staffnotice/lists", {}, { silent: true });
      if (next && alive) setState((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    loadRef.current = load;
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = undefined;
    };
    void load();
    const socket = openNoticeSocket({
      url: noticeSocketUrl(window.location),
      onOpen: ({ reconnect }) => {
        setLive(true);
        stopPolling();
        if (reconnect) void load();
      },
      onNotice: (notice) => setState((current) => withNotice(current, notice)),
      onStatus: (status) => {
        if (status !== "closed") return;
        setLive(false);
        poll ??= setInterval(() => void load(), NOTICE_FALLBACK_POLL_MS);
      },
    });
    return () => {
      alive = false;
      stopPolling();
      socket.close();
    };
  }, []);

  async function markRead(id: number) {
    await call("/shopapi/staffnotice/read", { id }, { silent: true });
    await loadRef.current();
  }

  const content = (
    <div className="notice-bell__panel" style={{ width: 340 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }}>
        <Typography.Text strong>消息通知</Typography.Text>
        <Button size="small" type="link" disabled={state.unread === 0} onClick={() => void markRead(0)}>
          全部已读
        </Button>
      </Space>
      {state.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />
      ) : (
        <List<StaffNoticeItem>
          size="small"
          dataSource={state.list}
          style={{ maxHeight: 360, overflowY: "auto" }}
          renderItem={(notice) => (
            <List.Item key={notice.id}>
              <Link
                to={notice.link}
                onClick={() => {
                  setOpen(false);
                  if (!notice.is_read) void markRead(notice.id);
                }}
                style={{ display: "block", width: "100%" }}
              >
                <Space direction="vertical" size={0} style={{ width: "100%" }}>
                  <Space>
                    {!notice.is_read && <Badge status="processing" />}
                    <Typography.Text strong={!notice.is_read}>{notice.title}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {listTime(notice.create_time)}
                    </Typography.Text>
                  </Space>
                  <Typography.Text type={notice.is_read ? "secondary" : undefined}>{notice.content}</Typography.Text>
                </Space>
              </Link>
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label={`消息通知，${state.unread} 条未读`} data-testid="notice-bell" data-live={live ? "1" : "0"}>
        <Badge count={state.unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

/** Memoised: the layout re-rendering (a navigation) does not re-render the bell. */
export default memo(NoticeBell);
