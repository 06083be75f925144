import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the stand-in received it. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>`: the base URL to point an adapter at. */
  url: string;
  received: Received[];
  /** What the next requests get: a status and a JSON answer, or `hang` (never answer). */
  answer(handler: (r: Received) => { status: number; json: unknown } | "hang"): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for an outside provider's API (no network is reachable in tests): it records every
 * request and answers what the test tells it to, as the real service would.
 */
export async function startStandIn(): Promise<StandIn> {
  const received: Received[] = [];
  let handler: (r: Received) => { status: number; json: unknown } | "hang" = () => ({ status: 404, json: {} });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      const a = handler(r);
      if (a === "hang") return;
      res.writeHead(a.status, { "content-type": "application/json;charset=utf-8" });
      res.end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
