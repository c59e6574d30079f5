import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { CouponReceiveState, CouponTypeItem } from "@shop/contract";
import { ApiError } from "@shop/contract/client";
import { isTokenCode } from "@shop/contract/codes";
import { browserApi } from "../../lib/api.ts";
import { loginUrl } from "../../lib/auth.ts";
import { handleClosedCode } from "../../lib/site-closed.ts";
import { Link } from "../chrome/Link.tsx";
import { toast } from "../ui/toast.ts";

interface ReceiveButtonProps {
  item: Pick<CouponTypeItem, "coupon_type_id" | "receive_state" | "use_url" | "received_num">;
  isMember: boolean;
  /** called with the new state after a coupon was received */
  onReceived?: (state: CouponReceiveState, received: number) => void;
  className?: string;
}

/**
 * 领取 in place: a member receives with one click and the button becomes 去使用 once the limit is
 * reached (another 领取 while more are allowed); 已领完 when the type ran out. A guest's 领取 is a
 * link to the login page, which brings the shopper back to this page (works without JavaScript).
 */
export function ReceiveButton({ item, isMember, onReceived, className = "" }: ReceiveButtonProps) {
  const [state, setState] = useState(item.receive_state);
  const [received, setReceived] = useState(item.received_num);
  const [busy, setBusy] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // The router's path (no /web basename), as the login page navigates back through the router.
  const backTo = location.pathname + location.search;
  const classes = (kind: string) => ["coupon-button", `coupon-button--${kind}`, className].filter(Boolean).join(" ");

  if (!isMember && state !== "sold_out") {
    return (
      <Link to={loginUrl(backTo)} className={classes("receive")}>
        立即领取
      </Link>
    );
  }
  if (state === "limit") {
    return (
      <Link to={item.use_url} className={classes("use")}>
        去使用
      </Link>
    );
  }
  if (state === "sold_out") {
    return (
      <span className={classes("gone")} aria-disabled="true">
        已领完
      </span>
    );
  }

  const receive = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await browserApi.call("/coupon/api/coupon/receive", { coupon_type_id: item.coupon_type_id });
      setState(result.receive_state);
      setReceived(result.received_num);
      onReceived?.(result.receive_state, result.received_num);
      toast.success("领取成功");
    } catch (error) {
      if (error instanceof ApiError && isTokenCode(error.code)) return void navigate(loginUrl(backTo));
      if (handleClosedCode(error)) return;
      const message = error instanceof Error ? error.message : "领取失败，请稍后再试";
      toast.error(message);
      if (message.includes("已领完")) setState("sold_out");
      if (message.includes("领取上限")) setState("limit");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={classes("receive")} onClick={() => void receive()} disabled={busy} aria-busy={busy}>
      {received > 0 ? "继续领取" : "立即领取"}
    </button>
  );
}
