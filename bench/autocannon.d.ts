/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    /** seconds */
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  /** The run: a promise of the result that also emits an event per response. */
  interface Instance extends Promise<Result> {
    /** `milliseconds` is the response time with sub-millisecond precision (process.hrtime). */
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, milliseconds: number) => void): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
