import ListFilters, { type FilterField } from "../ListFilters.tsx";
import { PHASE_OPTIONS, type PhaseFilter } from "./phases.ts";

const FIELDS: FilterField[] = [
  { kind: "text", name: "keyword", label: "活动或商品名称", placeholder: "搜索名称", width: 200, maxLength: 30 },
  { kind: "select", name: "status", label: "状态", width: 120, options: PHASE_OPTIONS.filter((option) => option.value !== "all") },
];

/**
 * The filters of a promotion list (秒杀, 拼团, 组合套餐): a name and the phase (未开始/进行中/已结束/已关闭),
 * as the one ListFilters shows them. Shown from the URL's values; 查询 writes them back to the URL
 * (all phases → no filter).
 */
export default function PhaseFilters({ keyword, status, onSearch }: { keyword: string; status: PhaseFilter; onSearch(filters: { keyword: string; status: string }): void }) {
  return (
    <ListFilters
      fields={FIELDS}
      filters={{ keyword, status: status === "all" ? "" : status }}
      onSearch={(filters) => onSearch({ keyword: filters.keyword ?? "", status: filters.status ?? "" })}
    />
  );
}
