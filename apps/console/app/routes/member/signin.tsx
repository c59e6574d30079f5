import { Tabs } from "antd";
import ConsolePage from "../../components/ConsolePage.tsx";
import SigninConfigForm from "../../components/member/SigninConfigForm.tsx";
import SigninRecordTable from "../../components/member/SigninRecordTable.tsx";
import { useListQuery } from "../../lib/use-list-query.ts";

export function meta() {
  return [{ title: "签到设置 - 商城管理后台" }];
}

/** 签到设置: the daily and streak reward rules, and the members' sign-in records (tab and filters in the URL). */
export default function SigninPage() {
  const { query, setFilters, setPage } = useListQuery();
  const tab = query.filters.tab === "records" ? "records" : "config";
  return (
    <ConsolePage title="签到设置">
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ tab: key === "records" ? "records" : "", search: "", month: "" })}
        items={[
          { key: "config", label: "签到规则", children: tab === "config" && <SigninConfigForm /> },
          { key: "records", label: "签到记录", children: tab === "records" && <SigninRecordTable query={query} setFilters={setFilters} setPage={setPage} /> },
        ]}
      />
    </ConsolePage>
  );
}
