import type { SeedProgress } from "./demo-data";

/*
 * What the server prints while it writes the demo data at first start (main.ts), so a first start is never silent for
 * long: on a terminal one line rewritten in place, otherwise (a log file, CI, a container) a plain line per part
 * written and, while the orders are placed, one every few seconds.
 */

const number = (n: number) => n.toLocaleString("en-US");

/** `orders 1,000/4,000`, or just the part's name when it is not counted. */
export function describeProgress(p: SeedProgress): string {
  if (!p.rows) return p.step;
  return p.rows.done === p.rows.total ? `${p.step} ${number(p.rows.total)}` : `${p.step} ${number(p.rows.done)}/${number(p.rows.total)}`;
}

export interface ProgressOut {
  write(text: string): void;
  /** A terminal: the line is rewritten in place. */
  tty: boolean;
  /** Milliseconds, for the pacing of plain lines and the total time (`performance.now` by default). */
  now?: () => number;
}

/** Plain output tells the progress within a part at most this often (a terminal line is rewritten at every step). */
const PLAIN_EVERY_MS = 3000;

/**
 * A listener for `seedDemoData`'s `onProgress` that prints to `out`, and `done()` to print the summary line once the
 * seed has returned.
 */
export function seedProgressPrinter(out: ProgressOut) {
  const now = out.now ?? (() => performance.now());
  const started = now();
  let lastPlain = started;
  const written: string[] = [];
  const line = (text: string) => (out.tty ? out.write(`\r\x1b[2K${text}`) : out.write(`${text}\n`));
  return {
    onProgress(p: SeedProgress) {
      if (!out.tty && written.length === 0 && p.step === "sellers" && !p.finished) line("Seeding demo data (first start only)…");
      const seconds = ((now() - started) / 1000).toFixed(0);
      if (p.finished) written.push(describeProgress(p));
      if (out.tty) {
        line(`Seeding demo data (${seconds} s): ${describeProgress(p)}${p.finished ? "" : "…"}`);
        return;
      }
      if (p.finished) {
        lastPlain = now();
        line(`Seeding demo data: ${describeProgress(p)}`);
      } else if (p.rows && p.rows.done > 0 && p.rows.done < p.rows.total && now() - lastPlain >= PLAIN_EVERY_MS) {
        lastPlain = now();
        line(`Seeding demo data: ${describeProgress(p)}…`);
      }
    },
    done() {
      const seconds = ((now() - started) / 1000).toFixed(1);
      line(`Demo data seeded in ${seconds} s: ${written.filter((w) => /\d/.test(w)).join(", ")}.`);
      if (out.tty) out.write("\n");
    },
  };
}
