import { config } from "zod/v4";

/*
 * The app's Content-Security-Policy has no 'unsafe-eval'. zod compiles a fast parser for each object schema with
 * `new Function`, and probes whether it may as each object schema is built: the browser reports that probe as a CSP
 * violation on every screen, even though zod catches the error and parses without it. Jitless, zod neither probes nor
 * compiles. The setting must come before any schema is built, in whichever chunk the bundler puts it, so this module
 * stands in for "zod" itself (the alias in vite.config.ts): it sets it, then hands zod on.
 */
config({ jitless: true });

export * from "zod/v4";
export { z as default, z } from "zod/v4";
