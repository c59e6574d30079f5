import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Empty, List, Popover, Space, Typography } from "antd";
import { BellOutlined } from "@ant-design/icons";
import type { StaffNoticeItem, StaffNoticeState } from "@shop/contract/domains/admin-notify";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { listTime } from "../../lib/format.ts";

/** How often the bell asks for new notices (the notices are in the database: every instance answers the same). */
export const NOTICE_POLL_MS = 4000;

/**
 * The header bell (ADR 0030): new paid orders, refund applications and complaints the staff
 * member's permissions cover, with the unread count; a notice opens its order or refund and is
 * marked read. Notices are stored, so what came while the staff member was away is here too.
 */
export default function NoticeBell() {
  const call = useStaffCall();
  const [state, setState] = useState<StaffNoticeState>({ unread: 0, list: [] });
  const [open, setOpen] = useState(false);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    const next = await call("/shopapi/staffnotice/lists", {}, { silent: true });
    // Most polls bring nothing new: keep the state (and render nothing) unless the notices changed.
    // Re-rendering the header every few seconds cancelled a keyboard drag under way on the page.
    if (next && alive.current) setState((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
  }, [call]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const timer = setInterval(() => void refresh(), NOTICE_POLL_MS);
    // Back to the tab: at once rather than at the next tick.
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => {
      alive.current = false;
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [refresh]);

  async function markRead(id: number) {
    await call("/shopapi/staffnotice/read", { id }, { silent: true });
    await refresh();
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
      <Button type="text" aria-label={`消息通知，${state.unread} 条未读`} data-testid="notice-bell">
        <Badge count={state.unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
