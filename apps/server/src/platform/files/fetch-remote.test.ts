import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImageServer, RED_PNG, startImageServer } from "../../test/image-server";
import { isPrivateAddress } from "../private-address";
import { fetchRemote, RemoteFetchError } from "./fetch-remote";

/* Fetching a URL a seller typed: only the public internet, within a size and a time limit. */

let s: ImageServer;
beforeAll(async () => {
  s = await startImageServer();
});
afterAll(() => s.close());

const open = { allowPrivate: true, maxBytes: 1024 * 1024, timeoutMs: 2000, contentTypes: ["image/"] };
const problemOf = (p: Promise<unknown>) =>
  p.then(
    () => "fetched",
    (e: unknown) => (e instanceof RemoteFetchError ? `${e.problem}${e.status ? ` ${e.status}` : ""}` : String(e)),
  );

describe("fetching a remote file", () => {
  it("when private addresses are not allowed, then loopback, private and local names are refused before any request", async () => {
    const closed = { ...open, allowPrivate: false };
    for (const url of [
      s.url("/img/red.png"),
      "http://localhost/x.png",
      "http://10.1.2.3/x.png",
      "http://[::1]/x.png",
      "http://[::ffff:127.0.0.1]/x.png",
    ])
      expect(await problemOf(fetchRemote(url, closed)), url).toBe("private");
    expect(s.hits.get("/img/red.png")).toBeUndefined();
    for (const a of [
      "127.0.0.1",
      "192.168.1.9",
      "172.20.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "1.1.1.1", "2001:4860:4860::8888"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("when the URL is not http or https, then it is refused as a URL", async () => {
    for (const url of ["ftp://example.com/a.png", "file:///etc/passwd", "not a url", "http://user:pw@example.com/a.png"])
      expect(await problemOf(fetchRemote(url, open)), url).toBe("url");
  });

  it("when allowed, then a picture is fetched (following a redirect), and each failure says what it was", async () => {
    const got = await fetchRemote(s.url("/img/red.png"), open);
    expect(got.contentType).toBe("image/png");
    expect(got.bytes.equals(RED_PNG)).toBe(true);
    expect((await fetchRemote(s.url("/img/moved.png"), open)).bytes.length).toBeGreaterThan(0);
    expect(await problemOf(fetchRemote(s.url("/img/missing.png"), open))).toBe("status 404");
    expect(await problemOf(fetchRemote(s.url("/img/page.html"), open))).toBe("notImage");
    expect(await problemOf(fetchRemote(s.url("/img/huge.png"), open))).toBe("tooLarge");
    expect(await problemOf(fetchRemote(s.url("/img/slow.png"), { ...open, timeoutMs: 300 }))).toBe("timeout");
    expect(await problemOf(fetchRemote("http://127.0.0.1:1/x.png", open))).toBe("unreachable");
  });
});
