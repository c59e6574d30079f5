import type { ReactNode } from "react";
import { Link } from "../Link.tsx";

interface SideBarLinkProps {
  to: string;
  icon: ReactNode;
  label: string;
}

/** A side-bar icon linking into the member centre; its label slides out on hover. */
export function SideBarLink({ to, icon, label }: SideBarLinkProps) {
  return (
    <Link to={to} className="sidebar-item" aria-label={label}>
      <span className="sidebar-icon">{icon}</span>
      <span className="sidebar-tip">{label}</span>
    </Link>
  );
}
