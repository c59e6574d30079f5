/**
 * Tests that need something outside the process (Redis, a built storefront): on a developer's
 * machine without it they are skipped, saying why; under CI (CI=true, as `.ci/run` runs) a missing
 * service fails the run instead, since every machine of this project runs them. Use:
 *
 *   const redis = requiredService("Redis", await probeRedis(url), `no Redis answers at ${url} (set REDIS_URL)`);
 *   describe.skipIf(redis.skip)(`… ${redis.note}`, () => {
 *     beforeAll(() => redis.require());
 *     …
 *   });
 */
export interface RequiredService {
  available: boolean;
  /** true only off CI with the service missing */
  skip: boolean;
  /** " (skipped: …)" for a skipped suite's title, else "" */
  note: string;
  /** Throws the reason when the service is missing (under CI: the suite fails with it). */
  require(): void;
}

/** CI=true (or any value but "", "0", "false"). */
export function runningInCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? "").trim().toLowerCase();
  return value !== "" && value !== "0" && value !== "false";
}

/** `service` names what is needed ("Redis"); `reason` says what is wrong ("no Redis answers at …"). */
export function requiredService(service: string, available: boolean, reason: string, env: NodeJS.ProcessEnv = process.env): RequiredService {
  const skip = !available && !runningInCi(env);
  if (skip) console.warn(`[skip] tests that need ${service}: ${reason}`);
  return {
    available,
    skip,
    note: skip ? ` (skipped: ${reason})` : "",
    require() {
      if (!available) throw new Error(`${service} is required under CI=true, but ${reason}. Start it, or run without CI=true to skip these tests.`);
    },
  };
}
