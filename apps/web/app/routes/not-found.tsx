import { data } from "react-router";
import { ErrorPage } from "../components/ErrorPage.tsx";

/** Catch-all route: any unknown path answers HTTP 404 with the error page inside the chrome. */
export function loader() {
  return data(null, { status: 404, statusText: "Not Found" });
}

export const meta = () => [{ title: "页面不存在" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
