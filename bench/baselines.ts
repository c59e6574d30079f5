import { startBaseline, type Baseline } from "./baseline.ts";
import { measure, type LoadResult } from "./load.ts";
import type { Sample } from "./measure.ts";

export interface BaselineEntry {
  key: string;
  /** the real call's JSON body (POST; the yardstick parses it as the server does); absent: GET */
  requestBody?: string;
  /** the real server's answer, served byte for byte */
  sample: Sample;
}

/**
 * Baseline figures by key (database + row name). Each is measured right after the row's first real
 * measurement, so both see the same machine (a busy neighbour moves them together), and then shared
 * by the row's other modes and process counts, which answer the same bytes.
 */
export class BaselineBook {
  private readonly results = new Map<string, LoadResult>();
  private baseline?: Promise<Baseline>;

  async measure(entry: BaselineEntry): Promise<LoadResult> {
    const known = this.results.get(entry.key);
    if (known) return known;
    this.baseline ??= startBaseline();
    const url = await (await this.baseline).add(`row-${this.results.size}`, { body: entry.sample.body, type: entry.sample.contentType });
    const init = entry.requestBody ? { method: "POST", headers: { "content-type": "application/json" }, body: entry.requestBody } : {};
    for (let index = 0; index < 20; index += 1) await (await fetch(url, init)).arrayBuffer();
    console.log(`  ▷ baseline ${entry.key}`);
    const result = await measure({ name: `baseline ${entry.key}`, url, ...(entry.requestBody ? { method: "POST" as const, body: entry.requestBody } : {}) });
    this.results.set(entry.key, result);
    return result;
  }

  async close(): Promise<void> {
    await (await this.baseline)?.close();
  }
}
