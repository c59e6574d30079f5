import { useEffect, useState } from "react";
import type { ExpressCompany } from "@shop/contract";
import { useStaffCall } from "../../lib/use-staff-call.ts";

/** The express companies to ship with, loaded once when `enabled` (a ship form opens). */
export function useExpressCompanies(enabled: boolean): ExpressCompany[] {
  const call = useStaffCall();
  const [companies, setCompanies] = useState<ExpressCompany[]>([]);
  useEffect(() => {
    if (!enabled || companies.length) return;
    void call("/shopapi/express/companies").then((list) => list && setCompanies(list));
  }, [enabled, companies.length, call]);
  return companies;
}
