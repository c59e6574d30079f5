import { Navigate, useOutletContext } from "react-router";
import type { StaffProfile } from "@shop/contract";
import { firstPageFor } from "../lib/menu.tsx";

/** /console/ opens the first page of the staff member's work (the goods list, the workbench …). */
export default function Home() {
  const staff = useOutletContext<StaffProfile>();
  return <Navigate to={firstPageFor(staff.permissions)} replace />;
}
