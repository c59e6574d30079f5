import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import { VERIFICATION_LIST_PATH, VERIFICATION_PATH } from "./verify-paths.ts";

export type VerifyPage = "verification" | "list" | "detail";

const TITLES: Record<VerifyPage, string> = { verification: "核销台", list: "核销记录", detail: "核销详情" };

interface VerifyFrameProps {
  page: VerifyPage;
  /** beside the title: who is verifying */
  summary?: ReactNode;
  /** the switch between 核销台 and 核销记录 (not on the page telling a member it is no verifier) */
  showTabs?: boolean;
  children: ReactNode;
}

/** The frame of the verification pages: a trail back to the member centre, the title bar with the 核销台 / 核销记录 switch. */
export function VerifyFrame({ page, summary, showTabs = true, children }: VerifyFrameProps) {
  return (
    <div className="shop-container verify-page">
      <nav className="verify-crumbs" aria-label="当前位置">
        <Link to="/member">会员中心</Link>
        <span aria-hidden>/</span>
        {page === "detail" ? (
          <>
            <Link to={VERIFICATION_LIST_PATH}>核销记录</Link>
            <span aria-hidden>/</span>
          </>
        ) : null}
        <span aria-current="page">{TITLES[page]}</span>
      </nav>
      <header className="verify-head">
        <h1>{TITLES[page]}</h1>
        {summary}
        {showTabs && (
          <nav className="verify-switch" aria-label="核销">
            <Link to={VERIFICATION_PATH} className={page === "verification" ? "verify-switch-active" : undefined} aria-current={page === "verification" ? "page" : undefined}>
              核销台
            </Link>
            <Link to={VERIFICATION_LIST_PATH} className={page !== "verification" ? "verify-switch-active" : undefined} aria-current={page === "list" ? "page" : undefined}>
              核销记录
            </Link>
          </nav>
        )}
      </header>
      {children}
    </div>
  );
}
