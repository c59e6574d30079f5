import { useEffect, useState } from "react";
import { Cascader } from "antd";
import type { Region } from "@shop/contract";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/**
 * Province → city → district (the region table's codes), loaded level by level from
 * /api/address/lists as the staff member opens them; a value's own chain is loaded up front.
 */
interface RegionOption {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

const toOptions = (regions: Region[]): RegionOption[] => regions.map((region) => ({ value: region.id, label: region.name, isLeaf: region.level >= 3 }));

export function useProvinces(): Region[] {
  const call = useStaffCall();
  const [provinces, setProvinces] = useState<Region[]>([]);
  useEffect(() => {
    void call("/api/address/lists", { pid: 0 }).then((list) => list && setProvinces(list));
  }, [call]);
  return provinces;
}

export default function RegionCascader(props: { value?: number[]; onChange?: (value: number[]) => void; id?: string; "aria-label"?: string }) {
  const { value, onChange } = props;
  const call = useStaffCall();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const chainKey = (value ?? []).join(",");

  useEffect(() => {
    // The province list, and the cities and districts of the value's chain (an edited store).
    void (async () => {
      const [provinceId, cityId] = chainKey ? chainKey.split(",").map(Number) : [];
      const provinces = toOptions((await call("/api/address/lists", { pid: 0 })) ?? []);
      if (provinceId && cityId) {
        const province = provinces.find((option) => option.value === provinceId);
        if (province) {
          province.children = toOptions((await call("/api/address/lists", { pid: provinceId })) ?? []);
          const city = province.children.find((option) => option.value === cityId);
          if (city) city.children = toOptions((await call("/api/address/lists", { pid: cityId })) ?? []);
        }
      }
      setOptions(provinces);
    })();
    // Only when the form opens with a value: later picks load their own levels.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call]);

  return (
    <Cascader
      id={props.id}
      aria-label={props["aria-label"] ?? "省市区"}
      options={options}
      value={value}
      placeholder="选择省 / 市 / 区"
      onChange={(next) => onChange?.((next ?? []) as number[])}
      loadData={(selected) => {
        const option = selected[selected.length - 1] as RegionOption;
        void call("/api/address/lists", { pid: option.value }).then((children) => {
          option.children = toOptions(children ?? []);
          setOptions((current) => [...current]);
        });
      }}
      style={{ width: "100%" }}
    />
  );
}
