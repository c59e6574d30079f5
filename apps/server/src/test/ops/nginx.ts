import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "../../config.ts";
import { freePort } from "../shop-process.ts";

/**
 * nginx in front of the proofs' instances, running docs/deploy/nginx.conf itself (the file the
 * deployment guide shows): only the lines marked "proof:" change (the instances' addresses, the
 * listen address, the access log path). A private prefix and main config, so the machine's nginx
 * service (if any) is never involved; `daemon off` keeps it our child process.
 */
export const NGINX_BINARY = "/usr/sbin/nginx";
export const DEPLOY_NGINX_CONF = path.join(REPO_ROOT, "docs/deploy/nginx.conf");

export interface NginxTroubles {
  errors: Array<[string, number]>;
  failedOrSlow: string[];
}

export interface Nginx {
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port> */
  wsOrigin: string;
  /** host:port, for PUBLIC_HOSTS */
  host: string;
  accessLog: string;
  /** nginx's stderr (its error log) so far */
  errorLog(): string;
  /** What nginx saw go wrong: its error log's lines counted by kind, and the access log's lines of 5xx answers or slow ones (≥ 5 s). */
  troubles(): NginxTroubles;
  stop(): Promise<void>;
}

/** The deploy config with the proof's instances, port and log path in place of the marked lines. */
export function proofConfig(template: string, upstreams: string[], port: number, accessLog: string): string {
  const lines = template.split("\n");
  const out: string[] = [];
  let instancesWritten = false;
  for (const line of lines) {
    const marker = /#\s*proof:\s*(\w+)/.exec(line)?.[1];
    if (!marker) {
      out.push(line);
      continue;
    }
    const indent = /^\s*/.exec(line)![0];
    const options = /server\s+\S+\s+([^;]*);/.exec(line)?.[1] ?? "";
    if (marker === "instances") {
      if (!instancesWritten) out.push(...upstreams.map((address) => `${indent}server ${address} ${options};`.replace(" ;", ";")));
      instancesWritten = true;
    } else if (marker === "listen") out.push(`${indent}listen 127.0.0.1:${port};`);
    else if (marker === "server_name") out.push(`${indent}server_name 127.0.0.1;`);
    else if (marker === "access_log") out.push(`${indent}access_log ${accessLog} shop;`);
    else throw new Error(`docs/deploy/nginx.conf: unknown proof marker ${marker}`);
  }
  if (!instancesWritten) throw new Error("docs/deploy/nginx.conf: no upstream server line marked '# proof: instances'");
  return out.join("\n");
}

function mainConfig(dir: string, siteFile: string): string {
  return [
    `pid ${dir}/nginx.pid;`,
    "worker_processes 1;",
    "events { worker_connections 4096; }",
    "http {",
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${siteFile};`,
    "}",
    "",
  ].join("\n");
}

/** Starts nginx on a free loopback port in front of `upstreams` (host:port each); resolves once it accepts connections. */
export async function startNginx(dir: string, upstreams: string[]): Promise<Nginx> {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const siteFile = path.join(dir, "shop.conf");
  const accessLog = path.join(dir, "access.log");
  fs.writeFileSync(siteFile, proofConfig(fs.readFileSync(DEPLOY_NGINX_CONF, "utf8"), upstreams, port, accessLog));
  fs.writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir, siteFile));
  const child: ChildProcess = spawn(NGINX_BINARY, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off; error_log stderr;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString("utf8");
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Listening is enough (a TCP connect): an HTTP probe would be proxied to instances not started yet.
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    wsOrigin: `ws://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    accessLog,
    errorLog: () => errors,
    troubles: () => troublesOf(errors, fs.existsSync(accessLog) ? fs.readFileSync(accessLog, "utf8") : ""),
    async stop() {
      // Graceful (SIGQUIT) waits for open connections, websockets included: fast (SIGTERM) after 3 s.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      const fast = setTimeout(() => child.kill("SIGTERM"), 3000);
      await exited;
      clearTimeout(fast);
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Groups nginx's error lines by their message (addresses, times and numbers taken out). */
export function troublesOf(errorLog: string, accessLog: string): NginxTroubles {
  const counts = new Map<string, number>();
  for (const line of errorLog.split("\n")) {
    const message = /\[(?:error|warn|crit|alert|emerg)\] [^:]*: (?:\*\d+ )?(.*?)(?:, client:|$)/.exec(line)?.[1];
    if (!message) continue;
    const kind = message.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, "ADDR").replace(/\d+/g, "N");
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const failedOrSlow = accessLog.split("\n").filter((line) => {
    const match = /" (\d{3}) \d+ ([\d.]+) /.exec(line);
    return match !== null && (Number(match[1]) >= 500 || Number(match[2]) >= 5);
  });
  return { errors: [...counts.entries()].sort((a, b) => b[1] - a[1]), failedOrSlow };
}
