import { formatTime } from "../../../lib/format.ts";
import { countdownAt, formatCountdown, useCountdownClock } from "../countdown.ts";

interface GroupbuyEndsInProps {
  startTime: number;
  endTime: number;
  className?: string;
}

/**
 * When a group buy (or a combo) ends, or starts when it is still to come: the date as rendered on
 * the server (the page is the same for every guest and may come from the page cache), a countdown
 * by the browser's clock once hydrated.
 */
export function GroupbuyEndsIn({ startTime, endTime, className }: GroupbuyEndsInProps) {
  const clock = useCountdownClock();
  const classes = ["promo-ends", className ?? ""].filter(Boolean).join(" ");
  if (!clock.live) {
    return (
      <span className={classes}>
        <span className="promo-ends__label">截止</span>
        <time dateTime={new Date(endTime * 1000).toISOString()}>{formatTime(endTime, "YYYY-MM-DD HH:mm")}</time>
      </span>
    );
  }
  const countdown = countdownAt({ start_at: startTime, end_at: endTime }, clock.now);
  if (!countdown) return <span className={classes}>已结束</span>;
  return (
    <span className={classes}>
      <span className="promo-ends__label">{countdown.label}</span>
      <span className="promo-ends__clock" role="timer">
        {formatCountdown(countdown.seconds)}
      </span>
    </span>
  );
}
