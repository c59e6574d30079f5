import { startShopServer, type ServerProcess } from "./processes.ts";

/** Where a server under test keeps its data. */
export type DatabaseTarget =
  | { kind: "sqlite"; label: "SQLite"; dataDir: string }
  | { kind: "postgres"; label: "PostgreSQL"; url: string; schema: string; /** uploads */ dataDir: string };

/**
 * How the server is started for a row: which of its caches are off and how many processes serve.
 * The flags are the server's own switches (PAGE_CACHE=0: no page cache; DATA_CACHE=0: no data or
 * result caches; SERVER_PROCESSES=N: a Node cluster of N).
 */
export interface ServerMode {
  /** what the report calls the mode */
  label: string;
  flags: { PAGE_CACHE?: "0"; DATA_CACHE?: "0" };
  processes: number;
}

export const cachedMode = (processes = 1): ServerMode => ({ label: processes > 1 ? `cache, ${processes} processes` : "cache", flags: {}, processes });
export const QUERY_MODE: ServerMode = { label: "DATA_CACHE=0", flags: { DATA_CACHE: "0" }, processes: 1 };
/** Every page rendered (data caches on): one process, or as shipped in production, one per core. */
export const pageMissMode = (processes = 1): ServerMode => ({
  label: processes > 1 ? `PAGE_CACHE=0, ${processes} processes` : "PAGE_CACHE=0",
  flags: { PAGE_CACHE: "0" },
  processes,
});

/** Variables that pick the database; set (or blanked) for every child so the shell's cannot leak in. */
export function databaseEnv(target: DatabaseTarget): NodeJS.ProcessEnv {
  return target.kind === "postgres"
    ? { DATA_DIR: target.dataDir, DATABASE_URL: target.url, PG_SCHEMA: target.schema }
    : { DATA_DIR: target.dataDir, DATABASE_URL: "", PG_SCHEMA: "" };
}

/** The environment of a server in `mode`: this process's, without any mode switch of the shell. */
function serverEnv(target: DatabaseTarget, mode: ServerMode): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["PAGE_CACHE", "DATA_CACHE", "SERVER_PROCESSES"]) delete env[name];
  return { ...env, NODE_ENV: "production", ...databaseEnv(target), ...mode.flags, SERVER_PROCESSES: String(mode.processes) };
}

/** Runs `work` against a server of `target` in `mode`, stopping the server afterwards. */
export async function withServer<T>(root: string, target: DatabaseTarget, mode: ServerMode, work: (server: ServerProcess) => Promise<T>): Promise<T> {
  console.log(`▶ 启动服务：${target.label}，${mode.label}`);
  const server = await startShopServer(root, serverEnv(target, mode), mode.processes);
  try {
    const serving = server.servingProcesses();
    if (serving !== mode.processes) console.warn(`  ⚠ 要求 ${mode.processes} 个进程，实际 ${serving} 个在服务`);
    return await work(server);
  } finally {
    await server.stop();
  }
}
