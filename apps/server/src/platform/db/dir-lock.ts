import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/**
 * One process at a time on an embedded database directory. PGlite has no server of its own: two processes opening one
 * data directory each believe they own it, and their writes corrupt its catalogue (a `seller:create` run beside
 * `npm start` did). The holder writes `DIR.lock` with its pid and what it is; another process finds it and refuses
 * with one clear line. A lock whose pid no longer runs (a crash, kill -9) is stale and taken over.
 */
export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: { pid: number; what: string },
  ) {
    super(
      `The embedded database at ${dir} is in use by ${holder.what} (pid ${holder.pid}): only one process may open it. ` +
        "Stop that process first, or run this command while it is stopped (or use PostgreSQL, DATABASE_URL, for several processes).",
    );
    this.name = "DirectoryLockedError";
  }
}

interface Holder {
  pid: number;
  what: string;
  since: string;
}

/** Directories this process holds: a second open within one process is refused too. */
const held = new Set<string>();

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

function readHolder(file: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(file, "utf8")) as Partial<Holder>;
    return typeof h.pid === "number" && Number.isInteger(h.pid) && h.pid > 0
      ? { pid: h.pid, what: typeof h.what === "string" ? h.what : "another process", since: String(h.since ?? "") }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `dir` for this process (`what`: who we are, named to the next process that tries). Answers the
 * release, also run at exit; throws DirectoryLockedError while another running process holds it.
 */
export function lockDirectory(dir: string, what: string): () => void {
  const file = `${dir}.lock`;
  if (held.has(file)) throw new DirectoryLockedError(dir, { pid: process.pid, what: "this process" });
  const me: Holder = { pid: process.pid, what, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw err;
      const holder = readHolder(file);
      // Held by a live process that is not this one: refuse. Otherwise (dead pid, our own pid left by an earlier
      // process, an unreadable or half-written file) it is stale: remove it and try once more.
      if (holder && holder.pid !== process.pid && running(holder.pid)) throw new DirectoryLockedError(dir, holder);
      rmSync(file, { force: true });
    }
  }
  held.add(file);
  const release = () => {
    if (!held.delete(file)) return;
    process.off("exit", release);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on("exit", release);
  return release;
}
