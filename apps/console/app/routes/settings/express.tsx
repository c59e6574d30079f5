import { Tabs } from "antd";
import ConsolePage from "../../components/ConsolePage.tsx";
import ExpressCompanies from "../../components/catalog/ExpressCompanies.tsx";
import FreightTemplates from "../../components/catalog/FreightTemplates.tsx";
import { useListQuery } from "../../lib/use-list-query.ts";

export function meta() {
  return [{ title: "物流与运费 - 商城管理后台" }];
}

/** Delivery set-up: freight templates (what checkout charges) and express companies (what staff ship with). The tab is in the URL. */
export default function ExpressPage() {
  const { query, setFilters } = useListQuery();
  const tab = query.filters.tab === "company" ? "company" : "template";
  return (
    <ConsolePage title="物流与运费">
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilters({ tab: key === "company" ? "company" : undefined, search_text: undefined })}
        items={[
          { key: "template", label: "运费模板", children: <FreightTemplates /> },
          { key: "company", label: "物流公司", children: <ExpressCompanies /> },
        ]}
      />
    </ConsolePage>
  );
}
