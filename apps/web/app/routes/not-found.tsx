import { data } from "react-router";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/not-found";

/** Catch-all route: any unknown path answers HTTP 404 with the error page inside the chrome. */
export function loader() {
  return data(null, { status: 404, statusText: "Not Found" });
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "页面不存在"), { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
