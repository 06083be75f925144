import { timingSafeEqual } from "node:crypto";
import { codes, platformRefusals } from "@sbo/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Counter, Gauge, Registry } from "prom-client";
import type { Database } from "../db/client";
import { failure } from "./envelope";

/** Latency buckets in seconds: a no-op call takes about a millisecond, an export many seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;
/** A request no route answered (a 404, a bad URL): one label, so unknown paths cannot multiply the series. */
const UNMATCHED = "(unmatched)";

type Outcome = "done" | "failed";

/** One (route, method, status class) of the calls: its count, its total seconds and its count per latency bucket. */
interface CallSeries {
  labels: { route: string; method: string; status: string };
  count: number;
  sum: number;
  buckets: Float64Array;
}

/** A metric whose values are read from our own numbers when scraped (prom-client formats them). */
function registerCollected(
  registry: Registry,
  name: string,
  help: string,
  type: "counter" | "histogram",
  values: () => { metricName?: string; labels: Record<string, string | number>; value: number }[],
): void {
  registry.registerMetric({
    name,
    help,
    type,
    get: async () => ({ name, help, type, aggregator: "sum", values: values() }),
    reset() {},
  } as unknown as Parameters<Registry["registerMetric"]>[0]);
}

/**
 * The process's Prometheus metrics, one registry per app (tests build many apps in one process): calls by contract
 * path, method and status class; the database pool; the timed jobs' steps; the open live order streams.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Counts one pass of a timed job's step (platform/jobs.ts). */
  jobStep(job: string, outcome: Outcome): void;
  /** How many live streams this process holds open now (domains/orders/live/live-stream.routes.ts), read at each scrape. */
  liveStreams(count: () => number): void;
  /** Counts and times one answer (the app's onResponse hook). */
  record(req: FastifyRequest, reply: FastifyReply): void;
}

export function createMetrics(database: Pick<Database, "poolUse">): Metrics {
  const registry = new Registry();
  // The calls' series are kept in place (see `seriesOf`) and only turned into prom-client's shape when scraped:
  // prom-client's own `observe` validates and hashes the labels on every call, about a microsecond each.
  const calls: CallSeries[] = [];
  registerCollected(
    registry,
    "sbo_http_requests_total",
    "Calls answered, by route (the contract path, never the raw URL), method and status class",
    "counter",
    () => calls.map((c) => ({ labels: c.labels, value: c.count })),
  );
  registerCollected(
    registry,
    "sbo_http_request_duration_seconds",
    "Time to answer a call, by route, method and status class",
    "histogram",
    () =>
      calls.flatMap((c) => {
        let cumulative = 0;
        return [
          ...BUCKETS.map((le, i) => {
            cumulative += c.buckets[i] ?? 0;
            return { metricName: "sbo_http_request_duration_seconds_bucket", labels: { le, ...c.labels }, value: cumulative };
          }),
          { metricName: "sbo_http_request_duration_seconds_bucket", labels: { le: "+Inf", ...c.labels }, value: c.count },
          { metricName: "sbo_http_request_duration_seconds_sum", labels: c.labels, value: c.sum },
          { metricName: "sbo_http_request_duration_seconds_count", labels: c.labels, value: c.count },
        ];
      }),
  );
  const poolUse = database.poolUse;
  if (poolUse) {
    for (const [name, help, key] of [
      ["sbo_db_pool_connections", "PostgreSQL connections open in this process's pool", "total"],
      ["sbo_db_pool_idle", "PostgreSQL connections of the pool waiting for a query", "idle"],
      ["sbo_db_pool_waiting", "Queries waiting for a pool connection", "waiting"],
    ] as const) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(poolUse()[key]);
        },
      });
    }
  }
  const jobs = new Counter({
    name: "sbo_job_steps_total",
    help: "Passes of the timed jobs' steps, by job and outcome (done or failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  let streams = () => 0;
  new Gauge({
    name: "sbo_live_streams_open",
    help: "Live order event streams open in this process",
    registers: [registry],
    collect() {
      this.set(streams());
    },
  });

  /**
   * Each (route, method) gets its series once, one per status class; later calls only look them up (two map reads and
   * an array index) and add to numbers, so recording a call allocates nothing.
   */
  const byRoute = new Map<string, Map<string, CallSeries[]>>();
  const seriesOf = (route: string, method: string): CallSeries[] => {
    let methods = byRoute.get(route);
    if (!methods) {
      methods = new Map();
      byRoute.set(route, methods);
    }
    let series = methods.get(method);
    if (!series) {
      series = STATUS_CLASSES.map((status) => ({
        labels: { route, method, status },
        count: 0,
        sum: 0,
        buckets: new Float64Array(BUCKETS.length),
      }));
      calls.push(...series);
      methods.set(method, series);
    }
    return series;
  };

  return {
    registry,
    jobStep: (job, outcome) => jobs.labels(job, outcome).inc(),
    liveStreams(count) {
      streams = count;
    },
    record(req, reply) {
      const series = seriesOf(req.routeOptions.url ?? UNMATCHED, req.method)[
        Math.min(Math.max(Math.floor(reply.statusCode / 100), 1), 5) - 1
      ];
      if (!series) return;
      const seconds = reply.elapsedTime / 1000;
      series.count++;
      series.sum += seconds;
      let i = 0;
      while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
      if (i < BUCKETS.length) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
    },
  };
}

/**
 * Records every answer, and serves GET /metrics (the text exposition format) to operators only: when METRICS_TOKEN is
 * set and the request carries `Authorization: Bearer <token>`; otherwise it answers as if there were no such path.
 */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.addHook("onResponse", (req, reply, done) => {
    metrics.record(req, reply);
    done();
  });
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  // Registered even without a token, so that the web's fallback (index.html for any GET) never answers it.
  app.get("/metrics", { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(String(req.headers.authorization ?? ""));
    if (expected === null || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(404).send(failure(codes.NOT_FOUND, platformRefusals.notFound.en, null, platformRefusals.notFound));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
