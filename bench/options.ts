import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

export const SECTIONS = ["api", "pages", "js", "processes", "pg", "seckill", "chat"] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  sections: Set<Section>;
  /** true with --only: the report is printed, and written only with --out */
  partial: boolean;
  durationSeconds: number;
  connections: number;
  /** the process count of the "all processes" rows */
  processes: number;
  /** SQLite catalog (seeded on first use, reused after) */
  dataDir: string;
  pgUrl: string;
  pgSchema: string;
  /** where the Markdown report goes; undefined: console only */
  out?: string;
}

export const USAGE = `用法：npm run bench -- [选项]
  --only api,pages,js,processes,pg,seckill,chat  只测其中几部分（默认全部；只测部分时不覆盖 bench/results.md）；seckill：一万人秒杀；chat：一千个客服连接
  --duration <秒>                   每行压测时长（默认 6）
  --connections <数>                autocannon 连接数（默认 10）
  --processes <数>                  "全部进程" 一行的进程数（默认 os.availableParallelism()）
  --data-dir <目录>                 SQLite 压测数据目录（默认 .cache/bench-data）
  --pg-url <url> --pg-schema <名>   PostgreSQL（默认 postgres://postgres@127.0.0.1:5432/test，bench_pg）
  --out <文件>                      报告写到哪里（完整运行默认 bench/results.md；路径相对仓库根目录）
环境变量 WEB_BUILD_DIR 选择被测的前端构建（相对 apps/web，默认 build；不存在时先构建）。`;

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} 须为正数：${value}`);
  return number;
}

/** Parses the command line; throws with a message on a bad option. Returns undefined for --help. */
export function parseOptions(argv: string[], root: string): BenchOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string", multiple: true },
      duration: { type: "string" },
      connections: { type: "string" },
      processes: { type: "string" },
      "data-dir": { type: "string" },
      "pg-url": { type: "string" },
      "pg-schema": { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: false,
  });
  if (values.help) return undefined;
  const only = (values.only ?? []).flatMap((value) => value.split(",")).map((value) => value.trim()).filter(Boolean);
  for (const section of only) {
    if (!(SECTIONS as readonly string[]).includes(section)) throw new Error(`--only 不认识：${section}（可选 ${SECTIONS.join(", ")}）`);
  }
  const partial = only.length > 0;
  const out = values.out ?? (partial ? undefined : "bench/results.md");
  return {
    sections: new Set(partial ? (only as Section[]) : SECTIONS),
    partial,
    durationSeconds: positiveNumber(values.duration, 6, "duration"),
    connections: Math.round(positiveNumber(values.connections, 10, "connections")),
    processes: Math.round(positiveNumber(values.processes, os.availableParallelism(), "processes")),
    dataDir: path.resolve(root, values["data-dir"] ?? ".cache/bench-data"),
    pgUrl: values["pg-url"] ?? "postgres://postgres@127.0.0.1:5432/test",
    pgSchema: values["pg-schema"] ?? "bench_pg",
    out: out && path.resolve(root, out),
  };
}
