import { formatTime } from "../../../lib/format.ts";
import { formatCountdown, useNowSeconds } from "../countdown.ts";

interface GroupbuyEndsInProps {
  startTime: number;
  endTime: number;
  className?: string;
}

/**
 * When a group buy (or a combo) ends, or starts when it is still to come: the date as rendered on
 * the server, a countdown in the browser once hydrated.
 */
export function GroupbuyEndsIn({ startTime, endTime, className }: GroupbuyEndsInProps) {
  const now = useNowSeconds();
  const upcoming = now !== null ? now < startTime : false;
  const target = upcoming ? startTime : endTime;
  const classes = ["promo-ends", className ?? ""].filter(Boolean).join(" ");
  if (now === null) {
    return (
      <span className={classes}>
        <span className="promo-ends__label">截止</span>
        <time dateTime={new Date(endTime * 1000).toISOString()}>{formatTime(endTime, "YYYY-MM-DD HH:mm")}</time>
      </span>
    );
  }
  if (now >= endTime) return <span className={classes}>已结束</span>;
  return (
    <span className={classes}>
      <span className="promo-ends__label">{upcoming ? "距开始" : "距结束"}</span>
      <span className="promo-ends__clock" role="timer">
        {formatCountdown(target - now)}
      </span>
    </span>
  );
}
