import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.ts";
import { dropPgSchema, ensurePgSchema } from "../db/connect.ts";
import { startShopProcess, postJson, type ShopProcess } from "../test/shop-process.ts";

const run = promisify(execFile);

/** The operator's commands run as real processes against the database the server then uses. */
describe("npm run migrate / npm run staff", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-ops-"));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const pgSchema = databaseUrl ? `t_ops_${crypto.randomBytes(5).toString("hex")}` : undefined;
  const env = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, AUTO_SEED: "0", ...(databaseUrl ? { DATABASE_URL: databaseUrl, PG_SCHEMA: pgSchema } : {}) };
  let shop: ShopProcess | undefined;

  const cli = (script: string, args: string[], extraEnv: Record<string, string> = {}, input?: string) => {
    const child = run(process.execPath, ["--import", "tsx", `apps/server/src/ops/${script}`, ...args], { cwd: REPO_ROOT, env: { ...env, ...extraEnv } });
    if (input !== undefined) child.child.stdin!.end(input);
    return child.then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  };
  const login = (username: string, password: string) => postJson(`${shop!.url}/shopapi/login/login`, { username, password });

  beforeAll(async () => {
    if (databaseUrl && pgSchema) await ensurePgSchema(databaseUrl, pgSchema);
  });
  afterAll(async () => {
    await shop?.stop();
    if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates an empty database, makes the first administrator, and resets the password", { timeout: 180_000 }, async () => {
    const migrated = await cli("migrate-cli.ts", []);
    expect(migrated.stdout).toContain("数据库已是最新结构");
    expect(migrated.code).toBe(0);

    // The password comes from standard input, never the command line.
    const added = await cli("staff-cli.ts", ["add", "--username", "owner", "--role", "admin"], {}, "first-secret-1\n");
    expect(added.stdout).toContain("已创建员工账号 owner");
    expect(added.code).toBe(0);

    const refused = await cli("staff-cli.ts", ["add", "--username", "owner"], { STAFF_PASSWORD: "another-secret" });
    expect(refused.stderr).toContain("用户名已存在：owner");
    expect(refused.code).toBe(1);
    const short = await cli("staff-cli.ts", ["add", "--username", "clerk"], { STAFF_PASSWORD: "short" });
    expect(short.stderr).toContain("密码至少 8 位");
    expect(short.code).toBe(1);

    shop = await startShopProcess({ env: { ...env, SERVER_PROCESSES: "1" } });
    const first = await login("owner", "first-secret-1");
    expect(first.code).toBe(0);
    const token = (first.data as { token: string }).token;

    const reset = await cli("staff-cli.ts", ["password", "--username", "owner"], { STAFF_PASSWORD: "second-secret-2" });
    expect(reset.code).toBe(0);
    expect((await login("owner", "first-secret-1")).code).not.toBe(0);
    expect((await login("owner", "second-secret-2")).code).toBe(0);
    // The old session was signed out by the reset.
    const withOldToken = await postJson(`${shop.url}/shopapi/staff/info`, { token });
    expect(withOldToken.code).toBe(-10009);
  });
});
