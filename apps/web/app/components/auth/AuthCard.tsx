import type { ReactNode } from "react";

/** The white card of the register and password pages: a title row (with a side link) and the body. */
export function AuthCard({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-card">
      <div className="auth-card-head">
        <h1>{title}</h1>
        {aside && <div className="auth-card-aside">{aside}</div>}
      </div>
      <div className="auth-card-body">{children}</div>
    </div>
  );
}
