import { fileURLToPath } from "node:url";

/**
 * The server package's folder (apps/server), found from this module: run from source (src/paths.ts) and from the
 * production bundle (dist/main.mjs, build.mjs) alike, both one level below it. Files the server reads beside its code
 * (migrations, the built web app) are named from here, never from a module's own place, which the bundle changes.
 */
export const serverRoot = fileURLToPath(new URL("..", import.meta.url));
