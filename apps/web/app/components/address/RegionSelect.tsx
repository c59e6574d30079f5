import { useEffect, useState } from "react";
import { App, Select } from "antd";
import type { Region } from "@shop/contract";
import { loadRegionChildren, type RegionValue } from "./region-options.ts";

export type { RegionValue } from "./region-options.ts";

interface RegionSelectProps {
  /** The chosen province / city / district ids (an antd Form.Item passes it). */
  value?: RegionValue;
  onChange?: (value: RegionValue) => void;
  disabled?: boolean;
  /** Set by Form.Item: the first select gets it, so the label focuses it. */
  id?: string;
}

type LevelKey = keyof RegionValue;
const LEVELS: Array<{ key: LevelKey; placeholder: string; label: string }> = [
  { key: "province_id", placeholder: "请选择省份", label: "省份" },
  { key: "city_id", placeholder: "请选择城市", label: "城市" },
  { key: "district_id", placeholder: "请选择区/县", label: "区/县" },
];

/** The children of `pid` (undefined: the level above is not chosen yet). */
function useRegionChildren(pid: number | undefined): { regions: Region[]; loading: boolean } {
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<{ pid: number; regions: Region[] } | null>(null);
  useEffect(() => {
    if (pid === undefined) return;
    let current = true;
    loadRegionChildren(pid).then(
      (regions) => current && setLoaded({ pid, regions }),
      () => current && void message.error("地区加载失败，请稍后再试"),
    );
    return () => {
      current = false;
    };
  }, [pid, message]);
  const ready = pid !== undefined && loaded?.pid === pid;
  return { regions: ready ? loaded.regions : [], loading: pid !== undefined && !ready };
}

/**
 * Province → city → district as three cascading selects, loaded level by level from
 * /api/address/lists. Choosing a level clears the levels below it; a level with a single choice
 * (北京市 → 市辖区, 东莞市 → 东莞市) is chosen by itself.
 */
export function RegionSelect({ value = {}, onChange, disabled, id }: RegionSelectProps) {
  const parents = [0, value.province_id, value.city_id];
  const levels = [useRegionChildren(parents[0]), useRegionChildren(parents[1]), useRegionChildren(parents[2])];

  const choose = (index: number, regionId: number) => {
    const next: RegionValue = {};
    for (const [position, level] of LEVELS.entries()) {
      if (position < index) next[level.key] = value[level.key];
    }
    next[LEVELS[index]!.key] = regionId;
    onChange?.(next);
  };

  // A level with one choice is chosen by itself once it has loaded.
  const singles = levels.map((level) => (level.regions.length === 1 ? level.regions[0]!.id : undefined));
  useEffect(() => {
    const index = singles.findIndex((single, position) => single !== undefined && value[LEVELS[position]!.key] === undefined);
    if (index >= 0 && !disabled) choose(index, singles[index]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a level's options or the value change
  }, [singles.join(","), value.province_id, value.city_id, value.district_id, disabled]);

  return (
    <div className="address-region-select">
      {LEVELS.map((level, index) => {
        const { regions, loading } = levels[index]!;
        const chosen = value[level.key];
        const known = regions.some((region) => region.id === chosen);
        return (
          <Select
            key={level.key}
            id={index === 0 ? id : undefined}
            aria-label={level.label}
            className="address-region-level"
            showSearch={{ optionFilterProp: "label" }}
            placeholder={level.placeholder}
            disabled={disabled || parents[index] === undefined}
            loading={loading}
            // An id shows as its name only once its level has loaded (never as a bare number).
            value={known ? chosen : undefined}
            options={regions.map((region) => ({ value: region.id, label: region.name }))}
            onChange={(regionId: number) => choose(index, regionId)}
            notFoundContent={loading ? "加载中…" : "无匹配地区"}
          />
        );
      })}
    </div>
  );
}
