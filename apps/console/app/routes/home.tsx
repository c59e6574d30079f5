import { redirect } from "react-router";
import { HOME_PATH } from "../lib/staff-session.ts";

/** /console/ opens the workbench, the console's first page. */
export function clientLoader() {
  throw redirect(HOME_PATH);
}

export default function Home() {
  return null;
}
