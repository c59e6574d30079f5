import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS } from "../e2e/playwright.config.ts";

/** The system Chromium (never a downloaded one) and the flags every browser run of the project uses. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The same flags as the Playwright suite's browser.
export const CHROMIUM_FLAGS = CHROMIUM_ARGS;

export interface DebuggableChromium {
  /** The DevTools protocol port, for Lighthouse's `port` flag. */
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts Chromium with a throw-away profile and a DevTools port the OS picks (read back from the
 * "DevTools listening on ws://…" line), so parallel runs never collide on a port.
 */
export async function launchChromium(timeoutMs = 30_000): Promise<DebuggableChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chromium-"));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const cleanUp = () => {
        fs.rmSync(profile, { recursive: true, force: true });
        resolve();
      };
      // Never started (spawn error) or already gone: nothing to wait for.
      if (child.pid === undefined || child.exitCode !== null) return cleanUp();
      child.once("exit", cleanUp);
      child.kill("SIGTERM");
    });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`chromium did not open a DevTools port: ${output}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (!match) return;
        clearTimeout(timer);
        child.stderr!.off("data", onData);
        // Keep draining what Chromium writes later, so a full pipe never blocks it.
        child.stderr!.resume();
        resolve(Number(match[1]));
      };
      child.stderr!.on("data", onData);
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`chromium exited with ${code}: ${output}`)));
    });
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
