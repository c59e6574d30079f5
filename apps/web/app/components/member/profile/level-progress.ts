import type { MemberInfo, MemberLevelItem } from "@shop/contract";

export interface LevelProgress {
  /** the member's level name ("" when the ladder does not know it) */
  levelName: string;
  /** the next level up, null at the top (or without a ladder) */
  next: { name: string; growth: number } | null;
  /** growth still needed for the next level */
  toNext: number;
  /** 0–100: the way from this level's threshold to the next one's */
  percent: number;
}

/**
 * Where the member stands on the level ladder (/api/memberlevel/lists): its level (by id, else the
 * highest threshold its growth reaches), the next level above both its level and its growth, and
 * how much growth is left.
 */
export function levelProgress(levels: MemberLevelItem[], member: Pick<MemberInfo, "member_level" | "member_level_name" | "growth">): LevelProgress {
  const ladder = [...levels].sort((a, b) => a.growth - b.growth);
  const current = ladder.find((level) => level.level_id === member.member_level) ?? ladder.filter((level) => level.growth <= member.growth).at(-1);
  const floor = current?.growth ?? 0;
  const next = ladder.find((level) => level.growth > Math.max(floor, member.growth));
  const levelName = current?.level_name ?? member.member_level_name;
  if (!next) return { levelName, next: null, toNext: 0, percent: 100 };
  const span = next.growth - floor;
  const percent = span > 0 ? Math.min(100, Math.max(0, Math.floor(((member.growth - floor) / span) * 100))) : 0;
  return { levelName, next: { name: next.level_name, growth: next.growth }, toNext: next.growth - member.growth, percent };
}
