import fs from "node:fs";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { requiredService, type RequiredService } from "../services.ts";
import { NGINX_BINARY } from "./nginx.ts";
import { REDIS_SERVER_BINARY } from "../own-redis.ts";
import { PG_URL } from "./scale-out.ts";

/** What the operations proofs need on the machine: nginx, redis-server and a PostgreSQL (under CI all three are required). */
export async function opsServices(): Promise<RequiredService> {
  const missing: string[] = [];
  if (!fs.existsSync(NGINX_BINARY)) missing.push(`no ${NGINX_BINARY} (scripts/ensure-system-deps.sh installs it)`);
  try {
    execFileSync(REDIS_SERVER_BINARY, ["--version"], { stdio: "ignore" });
  } catch {
    missing.push(`no ${REDIS_SERVER_BINARY} binary (apt-get install redis-server)`);
  }
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  const reachable = await client.connect().then(() => client.end().then(() => true), () => false);
  if (!reachable) missing.push(`no PostgreSQL answers at ${PG_URL} (set TEST_DATABASE_URL)`);
  return requiredService("nginx, redis-server and PostgreSQL", missing.length === 0, missing.join("; "));
}
