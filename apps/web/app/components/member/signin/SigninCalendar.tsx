import type { SigninStatus } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { WEEKDAYS, monthGrid, monthHref, monthLabel, shiftMonth } from "./signin-view.ts";

/** The month's calendar: signed days ticked, today outlined; earlier months can be looked at, later ones not. */
export function SigninCalendar({ status }: { status: SigninStatus }) {
  const currentMonth = status.today.slice(0, 7);
  const signed = new Set(status.signed_days);
  const todayDay = status.month === currentMonth ? Number(status.today.slice(8, 10)) : 0;
  const next = shiftMonth(status.month, 1);
  return (
    <div className="signin-calendar">
      <div className="signin-calendar-head">
        <Link to={monthHref(shiftMonth(status.month, -1), currentMonth)} aria-label="上个月">
          ‹ 上个月
        </Link>
        <strong>{monthLabel(status.month)}</strong>
        {next <= currentMonth ? (
          <Link to={monthHref(next, currentMonth)} aria-label="下个月">
            下个月 ›
          </Link>
        ) : (
          <span className="signin-calendar-disabled" aria-hidden>
            下个月 ›
          </span>
        )}
      </div>
      <table className="signin-calendar-grid" aria-label={`${monthLabel(status.month)}签到日历`}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day}>{day}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(status.month).map((week, index) => (
            <tr key={index}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} />;
                const isSigned = signed.has(day);
                const classes = ["signin-day", isSigned && "signin-day-signed", day === todayDay && "signin-day-today"].filter(Boolean).join(" ");
                return (
                  <td key={column}>
                    <span className={classes} data-testid={isSigned ? "signed-day" : undefined} aria-label={`${day}日${isSigned ? " 已签到" : ""}`}>
                      <b>{day}</b>
                      {isSigned ? <i>已签</i> : day === todayDay ? <i>今天</i> : null}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="signin-calendar-count">本月已签到 {status.signed_days.length} 天</p>
    </div>
  );
}
