import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { DirectoryLockedError, lockDirectory } from "./dir-lock";

const releases: (() => void)[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

/** A process that stays alive until killed. */
function sleeper() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  return child;
}

describe("the embedded database directory's lock", () => {
  it("refuses a second holder while a running process holds it, naming that process and its pid", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "sbo-lock-")), "pglite");
    const child = sleeper();
    try {
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: child.pid, what: "the server (npm start)", since: "x" }));
      let error: unknown;
      try {
        lockDirectory(dir, "npm run seller:create");
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DirectoryLockedError);
      expect((error as Error).message).toContain(`the server (npm start) (pid ${child.pid})`);
      // The holder's lock is left as it was.
      expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8")).pid).toBe(child.pid);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("takes over a stale lock whose process no longer runs (a crash, kill -9), and removes its own on release", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "sbo-lock-")), "pglite");
    const child = sleeper();
    const pid = child.pid as number;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid, what: "the server (npm start)", since: "x" }));
    const release = lockDirectory(dir, "the test");
    expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8"))).toMatchObject({ pid: process.pid, what: "the test" });
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a second open within one process, and a closed database frees the directory", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sbo-lock-"));
    const first = await openDatabase({ dataDir, owner: "the first opener" });
    try {
      await expect(openDatabase({ dataDir, owner: "the second opener" })).rejects.toBeInstanceOf(DirectoryLockedError);
      expect(JSON.parse(readFileSync(join(dataDir, "pglite.lock"), "utf8")).what).toBe("the first opener");
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(false);
    const again = await openDatabase({ dataDir, owner: "a later opener" });
    await again.close();
  });

  it("a second process opening the directory refuses with one clear line and leaves the data alone", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sbo-lock-"));
    const first = await openDatabase({ dataDir, owner: "the server (npm start)" });
    try {
      const script = `
        import { openDatabase } from ${JSON.stringify(new URL("./client.ts", import.meta.url).pathname)};
        try { await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, owner: "npm run seller:create" }); console.log("opened"); }
        catch (err) { console.log(err.message); }
      `;
      const tsx = new URL("../../../../../node_modules/.bin/tsx", import.meta.url).pathname;
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(tsx, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
        let text = "";
        child.stdout.on("data", (d: Buffer) => (text += d.toString()));
        child.once("error", reject);
        child.once("exit", () => resolve(text));
      });
      expect(out).toContain(`in use by the server (npm start) (pid ${process.pid})`);
      expect(out).not.toContain("opened");
    } finally {
      await first.close();
    }
    // Opening a data directory and starting tsx: seconds when idle, over a minute on a crowded 2-core machine.
  }, 240_000);
});
