/** A promotion's phase as the staff lists filter and show it (seckill, group buy, combo). */
export type PhaseFilter = "all" | "upcoming" | "running" | "ended" | "closed";

export const PHASE_OPTIONS: Array<{ value: PhaseFilter; label: string }> = [
  { value: "all", label: "全部" },
  { value: "upcoming", label: "未开始" },
  { value: "running", label: "进行中" },
  { value: "ended", label: "已结束" },
  { value: "closed", label: "已关闭" },
];

export const PHASE_COLORS: Record<string, string> = { upcoming: "blue", running: "green", ended: "default", closed: "red" };

export const phaseOf = (value: string | undefined): PhaseFilter => (PHASE_OPTIONS.some((option) => option.value === value) ? (value as PhaseFilter) : "all");
