import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import closeCss from "../styles/close.css?url";
import { browserApi } from "../lib/api.ts";
import { useGlobalData } from "../lib/global-data.ts";
import { imageUrl } from "../lib/image.ts";
import { isReopened } from "../lib/site-closed.ts";
import type { Route } from "./+types/close";

/** How often the page asks whether the shop is open again. */
const POLL_MS = 5000;
/** Crawlers: the closure is temporary, come back later (seconds). */
const RETRY_AFTER_SECONDS = 600;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: closeCss }];

export const meta: Route.MetaFunction = () => [{ title: "网站已关闭" }, { name: "robots", content: "noindex" }];

/** What the page says when staff left 关闭原因 empty (the status call then answers 网站已关闭！). */
const DEFAULT_NOTICE = "商城正在进行系统维护升级，暂停访问。给您带来的不便，敬请谅解！";
const DEFAULT_CLOSED_MESSAGE = "网站已关闭！";

/** The reason staff wrote in 站点设置 (the closed status call's message), or the default notice. */
function closeNotice(status: { message: string } | null): string {
  const message = status?.message.trim() ?? "";
  return message && message !== DEFAULT_CLOSED_MESSAGE ? message : DEFAULT_NOTICE;
}

/** Open shop → home; closed (or status unknown) → this page, answered 503 so crawlers keep the shop. */
export async function loader({ context }: Route.LoaderArgs) {
  const status = await context.api.raw("/api/site/status").catch(() => null);
  if (isReopened(status)) throw redirect("/");
  return data({ notice: closeNotice(status) }, { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Polls /api/site/status (the one call answered while closed) and goes home once the shop reopens. */
function useReopenPolling(): number {
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const status = await browserApi.raw("/api/site/status").catch(() => null);
      if (stopped) return;
      // A full load, so the root loader fetches the chrome's data again.
      if (isReopened(status)) return window.location.assign("/web/");
      setChecks((count) => count + 1);
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return checks;
}

function ClosedIllustration() {
  return (
    <svg className="close-page__art" viewBox="0 0 240 160" aria-hidden>
      <rect x="30" y="58" width="180" height="92" rx="4" fill="#fff" stroke="#e5e5e5" strokeWidth="2" />
      <path d="M22 58 L38 24 H202 L218 58 Z" fill="#e4393c" />
      <path d="M22 58 q12 14 24 0 q12 14 24 0 q12 14 24 0 q12 14 24 0 q12 14 24 0 q12 14 24 0 q12 14 24 0 q12 14 24 0" fill="#f0625f" />
      <rect x="52" y="84" width="56" height="66" rx="2" fill="#f5f5f5" stroke="#ddd" strokeWidth="2" />
      <rect x="128" y="84" width="62" height="40" rx="2" fill="#f5f5f5" stroke="#ddd" strokeWidth="2" />
      <line x1="80" y1="62" x2="70" y2="88" stroke="#999" strokeWidth="1.5" />
      <line x1="80" y1="62" x2="90" y2="88" stroke="#999" strokeWidth="1.5" />
      <rect x="58" y="86" width="44" height="20" rx="3" fill="#333" />
      <text x="80" y="100" textAnchor="middle" fontSize="10" fill="#fff" fontFamily="sans-serif">暂停营业</text>
    </svg>
  );
}

/** /close (SPEC §8): the site is closed; back home automatically when it reopens. */
export default function ClosePage({ loaderData }: Route.ComponentProps) {
  const { site } = useGlobalData();
  const checks = useReopenPolling();
  return (
    <main className="close-page">
      <div className="close-page__card">
        <div className="close-page__brand">
          {site.logo ? (
            <img className="close-page__logo" src={imageUrl(site.logo)} alt={site.site_name} />
          ) : (
            <>
              <span className="close-page__mark">商</span>
              <span className="close-page__name">{site.site_name}</span>
            </>
          )}
        </div>
        <ClosedIllustration />
        <h1 className="close-page__title">网站已关闭</h1>
        <p className="close-page__text">{loaderData.notice}</p>
        <p className="close-page__status" aria-live="polite">
          <span className="close-page__pulse" aria-hidden />
          网站恢复后将自动返回首页{checks > 0 ? `（已检查 ${checks} 次）` : ""}
        </p>
        <a className="close-page__retry" href="/web/">
          刷新重试
        </a>
      </div>
    </main>
  );
}
