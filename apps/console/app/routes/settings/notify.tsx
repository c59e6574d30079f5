import { Tabs } from "antd";
import ConsolePage from "../../components/ConsolePage.tsx";
import TemplateTable from "../../components/notify/TemplateTable.tsx";
import SmsLogTable from "../../components/notify/SmsLogTable.tsx";
import { useListQuery } from "../../lib/use-list-query.ts";

export function meta() {
  return [{ title: "消息通知 - 商城管理后台" }];
}

/** 消息通知: the buyer SMS templates (on/off, text) and the send log; the tab is in the URL with the log's filters. */
export default function NotifyPage() {
  const { query, setFilters, setPage } = useListQuery();
  const tab = query.filters.tab === "log" ? "log" : "templates";
  return (
    <ConsolePage title="消息通知">
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ tab: key === "log" ? "log" : undefined })}
        items={[
          { key: "templates", label: "短信模板", children: <TemplateTable /> },
          { key: "log", label: "发送记录", children: <SmsLogTable query={query} setFilters={setFilters} setPage={setPage} /> },
        ]}
      />
    </ConsolePage>
  );
}
