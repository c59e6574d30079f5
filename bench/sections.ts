import { BaselineBook } from "./baselines.ts";
import { firstLoadJs, type FirstLoadSize } from "./first-load-js.ts";
import { measure, type LoadResult, type LoadTarget } from "./load.ts";
import { failedMeasurement, measureOn, type Measured } from "./measure.ts";
import type { ServerProcess } from "./processes.ts";
import { apiCalls, pagePaths, LIST_API, type ApiCall } from "./scenarios.ts";
import { withServer, type DatabaseTarget, type ServerMode } from "./server-modes.ts";

/** One API call or page, measured in one or more server modes, beside its baseline. */
export interface Row {
  name: string;
  /** list | search for API rows; page for pages */
  kind: ApiCall["kind"] | "page";
  /** by mode label, in the order measured */
  byMode: Map<string, Measured>;
  /** the bare-Fastify yardstick answering the same bytes (absent when no mode answered 200) */
  baseline?: LoadResult;
}

/** A table of the report: rows of one database and process count. */
export interface Group {
  title: string;
  database: DatabaseTarget["label"];
  processes: number;
  rows: Row[];
}

/**
 * A fresh server (each worker of a cluster) is still compiling its hot paths for a while: some load
 * on the first rows' targets before anything is measured, so the first row is not the slow one.
 */
async function warmUpServer(targets: Array<LoadTarget | undefined>): Promise<void> {
  for (const target of targets) if (target) await measure(target, SERVER_WARM_UP_SECONDS).catch(() => undefined);
}
const SERVER_WARM_UP_SECONDS = 2;

const apiTarget = (server: ServerProcess, call: ApiCall): LoadTarget => ({
  name: call.name,
  url: server.url + LIST_API,
  method: "POST",
  body: JSON.stringify(call.body),
});

/** One row's failure (a crashed server, a refused connection) is reported in its row, not the end of the run. */
const tryMeasure = (server: ServerProcess, target: LoadTarget): Promise<Measured> =>
  measureOn(server, target).catch((error: unknown) => failedMeasurement(target.name, error, server.servingProcesses()));

interface Scenarios {
  calls: ApiCall[];
  paths: string[];
}

/**
 * The measurements of one bench run. Each runMode starts a server in one mode, measures its rows
 * into the group of its database and process count and stops it; a row's baseline follows its
 * first good measurement.
 */
export class BenchRun {
  readonly apiGroups: Group[] = [];
  readonly pageGroups: Group[] = [];
  readonly firstLoad: Array<{ page: string } & FirstLoadSize> = [];
  /** what went wrong on the way (a server that would not start), for the report */
  readonly problems: string[] = [];
  private readonly scenarios = new Map<string, Scenarios>();
  private readonly baselines = new BaselineBook();

  constructor(private readonly root: string) {}

  /**
   * Starts one server of `target` in `mode` and measures what `parts` asks for: the API rows, the
   * storefront pages, their first-load JS.
   */
  async runMode(target: DatabaseTarget, mode: ServerMode, parts: Partial<Record<"api" | "pages" | "firstLoad", boolean>>): Promise<void> {
    await this.session(target, mode, async (server) => {
      const { calls, paths } = await this.scenariosOf(target, server);
      const apiRows = (parts.api ? calls : []).map((call) => ({ call, load: apiTarget(server, call) }));
      const pageTargets = (parts.pages ? paths : []).map((pagePath): LoadTarget => ({ name: decodeURIComponent(pagePath), url: server.url + pagePath }));
      await warmUpServer([apiRows[0]?.load, pageTargets[0]]);
      for (const { call, load } of apiRows) {
        const group = this.group(this.apiGroups, target, mode.processes);
        await this.record(group, call.name, call.kind, mode.label, await tryMeasure(server, load), load.body);
      }
      for (const page of pageTargets) {
        const group = this.group(this.pageGroups, target, mode.processes);
        await this.record(group, page.name, "page", mode.label, await tryMeasure(server, page));
      }
      for (const pagePath of parts.firstLoad ? paths : []) {
        this.firstLoad.push({ page: decodeURIComponent(pagePath), ...(await firstLoadJs(server.url, pagePath)) });
      }
    });
  }

  /** Stops the yardstick. */
  async close(): Promise<void> {
    await this.baselines.close();
  }

  /** A server in `mode` for `work`; a failure ends this mode's rows only and is kept for the report. */
  private async session(target: DatabaseTarget, mode: ServerMode, work: (server: ServerProcess) => Promise<void>): Promise<void> {
    try {
      await withServer(this.root, target, mode, work);
    } catch (error) {
      const message = `${target.label}, ${mode.label}: ${error instanceof Error ? error.message : String(error)}`;
      console.warn(`  ⚠ ${message}`);
      this.problems.push(message);
    }
  }

  private async scenariosOf(target: DatabaseTarget, server: ServerProcess): Promise<Scenarios> {
    let found = this.scenarios.get(target.label);
    if (!found) {
      found = { calls: await apiCalls(server.url), paths: await pagePaths(server.url) };
      this.scenarios.set(target.label, found);
    }
    return found;
  }

  private group(groups: Group[], target: DatabaseTarget, processes: number): Group {
    const title = `${target.label}, ${processes === 1 ? "1 process" : `${processes} processes`}`;
    let found = groups.find((group) => group.title === title);
    if (!found) {
      found = { title, database: target.label, processes, rows: [] };
      groups.push(found);
    }
    return found;
  }

  private async record(group: Group, name: string, kind: Row["kind"], mode: string, measured: Measured, requestBody?: string) {
    let row = group.rows.find((candidate) => candidate.name === name);
    if (!row) {
      row = { name, kind, byMode: new Map() };
      group.rows.push(row);
    }
    row.byMode.set(mode, measured);
    // The same call of the same database answers the same bytes in every mode and process count.
    if (!row.baseline && measured.sample.status === 200) {
      row.baseline = await this.baselines.measure({ key: `${group.database} ${name}`, requestBody, sample: measured.sample });
    }
  }
}
