import type { DrillReport } from "./fault-drill.ts";
import type { RollingReport } from "./rolling-restart.ts";
import type { NginxTroubles } from "./nginx.ts";

function formatNginx(troubles: NginxTroubles): string[] {
  if (troubles.errors.length === 0 && troubles.failedOrSlow.length === 0) return ["nginx: no errors logged, no 5xx or slow (≥ 5 s) answer.", ""];
  return [
    "nginx's error log, by kind:",
    "",
    ...troubles.errors.map(([kind, count]) => `- ${count} × ${kind}`),
    "",
    `Access log, answers ≥ 500 or slower than 5 s (${troubles.failedOrSlow.length}; first 15):`,
    "",
    "```",
    ...troubles.failedOrSlow.slice(0, 15),
    "```",
    "",
  ];
}

/** The figures of the proofs as markdown (printed by the proofs, written by bench/scaleout.ts). */
export function formatDrill(report: DrillReport): string {
  const seconds = (ms: number | null) => (ms === null ? "not within 10 s" : `${(ms / 1000).toFixed(2)} s`);
  return [
    `### Fault drill: nginx + ${report.instances} instances, ${report.shoppers} shoppers, ${(report.durationMs / 1000).toFixed(0)} s`,
    "",
    `${report.purchases} purchases paid, **${report.ordersPerSecond.toFixed(1)} orders/s** over the whole drill (faults included); ${report.requests} requests.`,
    "",
    "| fault | at | lasted | orders/s during | back to serving (per instance) | note |",
    "|---|---|---|---|---|---|",
    ...report.faults.map(
      (fault) =>
        `| ${fault.fault} | ${fault.at} s | ${(fault.lastedMs / 1000).toFixed(1)} s | ${fault.ordersPerSecondDuring.toFixed(1)} | ${Object.entries(fault.recoveryMs).map(([name, ms]) => `${name} ${seconds(ms)}`).join(", ")} | ${fault.note} |`,
    ),
    "",
    "Answers by kind:",
    "",
    "| request: answer | count |",
    "|---|---|",
    ...report.outcomes.map(([label, count]) => `| ${label.replace(/\|/g, "\\|")} | ${count} |`),
    "",
    `Login limit (wrong passwords from one address): with Redis ${report.loginWithRedis.answered} answered, ${report.loginWithRedis.refused} refused of ${report.loginWithRedis.attempts}; ` +
      `Redis down ${report.loginWithoutRedis.answered} answered, ${report.loginWithoutRedis.refused} refused of ${report.loginWithoutRedis.attempts} (logins sent at once; answered within ${(report.loginWithoutRedis.tookMs / 1000).toFixed(1)} s)` +
      (report.loginWithoutRedis.other.length ? ` (other: ${report.loginWithoutRedis.other.join(", ")})` : "") + ".",
    `Chat: ${report.chat.sent} messages sent, ${report.chat.stored} stored, reconnects ${JSON.stringify(report.chat.reconnects)}, missing ${JSON.stringify(report.chat.missing)}, duplicates ${JSON.stringify(report.chat.duplicates)}${report.chat.unknownFrames.length ? `, frames ${report.chat.unknownFrames.join(", ")}` : ""}.`,
    `Instances that exited by themselves: ${report.unexpectedExits.length ? report.unexpectedExits.map((exit) => `${exit.instance} (${exit.code ?? exit.signal}): ${exit.lastLines.slice(-3).join(" / ")}`).join("; ") : "none"}.`,
    `Database after the drill: ${report.databaseProblems.length ? report.databaseProblems.slice(0, 20).join("; ") : "consistent (orders whole, nothing paid twice, stock + sold = start, ledger = balance)"}.`,
    report.readyzMissing ? "GET /readyz answered 404: readiness was polled with POST /api/site/status instead." : "",
    "",
    ...formatNginx(report.nginx),
  ].join("\n");
}

export function formatRolling(report: RollingReport): string {
  return [
    `### Rolling restart: nginx + ${report.instances} instances, ${report.shoppers} shoppers and ${report.guests} guests, ${(report.durationMs / 1000).toFixed(0)} s`,
    "",
    `${report.requests} requests, ${report.purchases} purchases (${report.ordersPerSecond.toFixed(1)} orders/s); failed requests: ${report.failures.length}.`,
    "",
    "| instance | SIGTERM at (UTC) | SIGTERM → exit | exit code | start → ready | ready at |",
    "|---|---|---|---|---|---|",
    ...report.restarts.map(
      (restart) => `| ${restart.instance} | ${restart.sigtermAt} | ${(restart.exitMs / 1000).toFixed(1)} s | ${restart.exitCode} | ${(restart.readyMs / 1000).toFixed(1)} s | ${restart.readyAt} |`,
    ),
    "",
    ...report.restarts.filter((restart) => restart.lastLines.length > 0).flatMap((restart) => [`${restart.instance}'s last lines before exit ${restart.exitCode}:`, "", "```", ...restart.lastLines, "```", ""]),
    ...(report.failures.length ? ["| request: answer | count |", "|---|---|", ...report.failureKinds.map(([label, count]) => `| ${label.replace(/\|/g, "\\|")} | ${count} |`), ""] : []),
    `Database after the restart: ${report.databaseProblems.length ? report.databaseProblems.slice(0, 20).join("; ") : "consistent"}.`,
    "",
    ...formatNginx(report.nginx),
  ].join("\n");
}
