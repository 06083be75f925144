import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * `npm start` (scripts/start.mjs) runs the server through scripts/supervise.mjs. Here a stand-in server records the
 * signal it gets; the supervisor runs under a shell as npm runs it.
 */
const supervise = new URL("../../../scripts/supervise.mjs", import.meta.url).pathname;

function start(dir: string) {
  const server = `process.on("SIGTERM", () => { require("node:fs").writeFileSync(${JSON.stringify(join(dir, "got"))}, "SIGTERM"); process.exit(0); }); setInterval(() => {}, 1000); require("node:fs").writeFileSync(${JSON.stringify(join(dir, "up"))}, String(process.pid));`;
  const script = `import(${JSON.stringify(supervise)}).then(({ supervise }) => supervise(process.execPath, ["-e", ${JSON.stringify(server)}], {}))`;
  // `sh -c "node …; true"`: the shell stays the supervisor's parent, as under npm.
  return spawn("sh", ["-c", `"${process.execPath}" -e '${script.replace(/'/g, "'\\''")}'; true`], { stdio: "ignore", detached: true });
}

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start's supervision of the server", () => {
  it("a SIGTERM that ends only the shell above it (as npm's does) still stops the server: no orphan keeps the port", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sbo-start-"));
    const shell = start(dir);
    await until(() => existsSync(join(dir, "up")));
    const serverPid = Number(readFileSync(join(dir, "up"), "utf8"));
    shell.kill("SIGKILL");
    await until(() => existsSync(join(dir, "got")));
    expect(readFileSync(join(dir, "got"), "utf8")).toBe("SIGTERM");
    await until(() => !alive(serverPid));
  }, 30_000);

  it("passes a SIGTERM sent to it on to the server and exits with it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sbo-start-"));
    const shell = start(dir);
    await until(() => existsSync(join(dir, "up")));
    const serverPid = Number(readFileSync(join(dir, "up"), "utf8"));
    // The supervisor is the server's parent.
    const supervisorPid = Number(readFileSync(`/proc/${serverPid}/stat`, "utf8").split(" ")[3]);
    expect(supervisorPid).not.toBe(shell.pid);
    process.kill(supervisorPid, "SIGTERM");
    await until(() => existsSync(join(dir, "got")));
    await until(() => !alive(serverPid) && !alive(supervisorPid));
    shell.kill("SIGKILL");
  }, 30_000);
});
