import { useRouteLoaderData } from "react-router";
import { Link } from "./chrome/Link.tsx";
import { PageShell } from "./chrome/PageShell.tsx";

interface ErrorPageProps {
  /** HTTP status; 500 when unknown */
  status: number;
  message?: string;
}

/** SPEC §8 / §2: the fixed English line of the 404 page, shown under the Chinese heading. */
export const NOT_FOUND_MESSAGE = "This page could not be found";

function headingFor(status: number): string {
  if (status === 404) return "页面不存在";
  if (status === 401 || status === 403) return "无权访问该页面";
  if (status === 503) return "服务暂时不可用";
  return "页面出错了";
}

const HAN = /\p{Script=Han}/u;

/**
 * The line under the heading: 404 keeps the spec's fixed English line; our own failures carry the
 * server's Chinese message; React Router's generic English texts ("Unexpected Server Error",
 * "Internal Server Error") are replaced, since the interface is Chinese.
 */
export function messageFor(status: number, message: string | undefined): string {
  if (status === 404) return NOT_FOUND_MESSAGE;
  const text = message?.trim() ?? "";
  return HAN.test(text) ? text : "服务器开小差了，请稍后再试";
}

/**
 * Route error page: status (default 500), a Chinese heading, the message, and a way home. Inside
 * the normal chrome when the root data (site, categories…) loaded; a plain page otherwise.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const code = Number.isInteger(status) && status >= 400 ? status : 500;
  const hasChromeData = useRouteLoaderData("root") !== undefined;
  const content = (
    <div className="error-page">
      <p className="error-page__code">{code}</p>
      <h1 className="error-page__heading">{headingFor(code)}</h1>
      <p className="error-page__message">{messageFor(code, message)}</p>
      <Link className="error-page__home" to="/">返回首页</Link>
    </div>
  );
  if (hasChromeData) return <PageShell>{content}</PageShell>;
  return <main className="error-page-plain">{content}</main>;
}
