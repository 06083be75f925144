// Runs the server as a child of this process and ties their lives together (scripts/start.mjs):
// - SIGTERM, SIGINT and SIGHUP sent to this process are passed on to the child;
// - when this process is left behind — `npm start` runs it under npm and a shell, and a supervisor's SIGTERM to npm
//   ends npm and the shell without passing it on — it notices that its parent changed and stops the child itself;
// - it exits with the child's exit code (128 + the signal's number when the child was ended by a signal).
import { spawn } from "node:child_process";
import { constants } from "node:os";

/** @param {string} command @param {string[]} args @param {import("node:child_process").SpawnOptions} options */
export function supervise(command, args, options) {
  const child = spawn(command, args, { stdio: "inherit", ...options });
  const running = () => child.exitCode === null && child.signalCode === null;
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
    process.on(signal, () => {
      if (running()) child.kill(signal);
    });
  }
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && running()) child.kill("SIGTERM");
  }, 500).unref();
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 0)));
  return child;
}
