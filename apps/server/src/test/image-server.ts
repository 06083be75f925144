import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pngOf } from "../demo/png";

/**
 * A small HTTP server on 127.0.0.1 serving the pictures (and the failures) an import's image URLs may meet: the
 * import tests fetch from it with IMAGE_FETCH_ALLOW_PRIVATE set.
 */
export const RED_PNG = pngOf(8, 8, () => [200, 30, 30]);
export const GREEN_PNG = pngOf(6, 4, () => [30, 160, 60]);

export interface ImageServer {
  url: (path: string) => string;
  /** How many requests each path got. */
  hits: Map<string, number>;
  close: () => Promise<void>;
}

export async function startImageServer(port = 0): Promise<ImageServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, type: string, body: Buffer | string) => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    if (path.endsWith("/red.png")) return send(200, "image/png", RED_PNG);
    if (path.endsWith("/green.png")) return send(200, "image/png", GREEN_PNG);
    if (path.endsWith("/moved.png")) {
      res.writeHead(302, { location: "/img/green.png" });
      return res.end();
    }
    if (path.endsWith("/page.html")) return send(200, "text/html", "<html>not a picture</html>");
    // Says it is a PNG; its bytes are text.
    if (path.endsWith("/fake.png")) return send(200, "image/png", "this is not a picture at all");
    // A PNG's signature and header, then the data cut off.
    if (path.endsWith("/broken.png")) return send(200, "image/png", RED_PNG.subarray(0, 40));
    if (path.endsWith("/huge.png")) return send(200, "image/png", Buffer.concat([RED_PNG, Buffer.alloc(4 * 1024 * 1024)]));
    if (path.endsWith("/slow.png")) return; // never answers
    send(404, "text/plain", "not found");
  });
  await new Promise<void>((go) => server.listen(port, "127.0.0.1", go));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${bound}${path}`,
    hits,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
