import { useState } from "react";
import { Button, Tabs } from "antd";
import ConsolePage from "../../components/ConsolePage.tsx";
import RechargePackageTable from "../../components/member/RechargePackageTable.tsx";
import RechargeOrderTable from "../../components/member/RechargeOrderTable.tsx";
import { useListQuery } from "../../lib/use-list-query.ts";

export function meta() {
  return [{ title: "充值套餐 - 商城管理后台" }];
}

/** 充值套餐: the packages members buy (add, edit, on/off sale) and the recharge orders; the tab and each list's filters in the URL. */
export default function RechargePage() {
  const { query, setFilters, setPage } = useListQuery();
  const [adding, setAdding] = useState(false);
  const tab = query.filters.tab === "orders" ? "orders" : "packages";
  return (
    <ConsolePage title="充值套餐" extra={tab === "packages" && <Button type="primary" onClick={() => setAdding(true)}>添加套餐</Button>}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ tab: key === "orders" ? "orders" : "", status: "", order_status: "", search: "" })}
        items={[
          { key: "packages", label: "充值套餐", children: tab === "packages" && <RechargePackageTable query={query} setFilters={setFilters} setPage={setPage} adding={adding} onAdded={() => setAdding(false)} /> },
          { key: "orders", label: "充值记录", children: tab === "orders" && <RechargeOrderTable query={query} setFilters={setFilters} setPage={setPage} /> },
        ]}
      />
    </ConsolePage>
  );
}
