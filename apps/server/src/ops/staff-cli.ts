import readline from "node:readline";
import { parseArgs } from "node:util";
import { migrateToLatest } from "../db/migrate.ts";
import { createStaffAccount, resetStaffPassword } from "../modules/staff/accounts.ts";
import { describeDatabase, withShopDatabase } from "./cli-database.ts";
import { runCommand } from "./run-command.ts";

/**
 * npm run staff -- add --username <name> [--role admin|servicer|<角色名称>] [--nickname <name>]
 * npm run staff -- password --username <name>
 *
 * A production shop starts without demo data, so without any staff account: this makes the first
 * administrator (and resets a forgotten password). The password is read from STAFF_PASSWORD, else
 * from standard input (typed without echo at a terminal), never from the command line, where
 * `ps` and the shell history would keep it.
 */
const USAGE = [
  "用法：npm run staff -- add --username <用户名> [--role admin|servicer|<角色名称>] [--nickname <昵称>]",
  "      （admin 为管理员角色，servicer 为客服角色，也可写后台「角色权限」中的角色名称）",
  "      npm run staff -- password --username <用户名>",
  "密码取自环境变量 STAFF_PASSWORD，否则从标准输入读取（终端中输入时不回显）。",
].join("\n");

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const input = process.stdin;
  const lines = readline.createInterface({ input, output: input.isTTY ? process.stdout : undefined, terminal: Boolean(input.isTTY) });
  if (input.isTTY) {
    process.stdout.write("密码：");
    // Keep the typed characters off the screen.
    (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  }
  try {
    for await (const line of lines) return line.replace(/\r$/, "");
    return "";
  } finally {
    lines.close();
    if (input.isTTY) process.stdout.write("\n");
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { username: { type: "string" }, role: { type: "string", default: "admin" }, nickname: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
    allowPositionals: true,
  });
  const action = positionals[0];
  if (values.help || positionals.length !== 1 || (action !== "add" && action !== "password") || !values.username) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const username = values.username;
  const password = await readPassword();
  return withShopDatabase(async (handle, config) => {
    await migrateToLatest(handle.db as never, handle.dialect);
    if (action === "add") {
      const staffId = await createStaffAccount(handle.db, { username, password, role: values.role!, nickname: values.nickname });
      console.log(`✔ 已创建员工账号 ${username}（角色 ${values.role}，编号 ${staffId}）：${describeDatabase(config)}`);
    } else {
      await resetStaffPassword(handle.db, username, password);
      console.log(`✔ 已重设 ${username} 的密码，其登录会话已全部失效`);
    }
    return 0;
  });
}

runCommand(main);
