import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DockerfileParser, type Instruction } from "dockerfile-ast";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { serverRoot } from "./paths";

/*
 * Docker cannot build here (no registry to pull from), so the image's and the stack's shape are checked from their
 * files: what a build would get wrong silently (root at run time, no health check, running the sources) fails here.
 */
const root = join(serverRoot, "../..");
const read = (name: string) => readFileSync(join(root, name), "utf8");

describe("the Dockerfile", () => {
  const dockerfile = DockerfileParser.parse(read("Dockerfile"));
  const instructions = dockerfile.getInstructions();
  const froms = instructions.filter((i) => i.getKeyword() === "FROM");
  const lastFrom = froms.at(-1);
  const final = instructions.filter((i) => i.getRange().start.line > (lastFrom?.getRange().start.line ?? 0));
  const finalOf = (keyword: string): Instruction[] => final.filter((i) => i.getKeyword() === keyword);
  const json = (i: Instruction | undefined) => JSON.parse(i?.getArgumentsContent() ?? "null") as unknown;

  it("when built, then it has several stages on node:24-slim and builds with npm ci and npm run build", () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from.getArgumentsContent()?.split(/\s+/)[0]).toBe("node:24-slim");
    const runs = instructions.filter((i) => i.getKeyword() === "RUN").map((i) => i.getArgumentsContent() ?? "");
    expect(runs.some((r) => r.startsWith("npm ci"))).toBe(true);
    expect(runs).toContain("npm run build");
    expect(runs.some((r) => r.startsWith("npm ci") && r.includes("--omit=dev"))).toBe(true);
  });

  it("when it runs, then the final stage is a non-root user listening on 0.0.0.0:8080 with a health check, running the built server", () => {
    const users = finalOf("USER").map((u) => u.getArgumentsContent());
    expect(users.length).toBeGreaterThan(0);
    expect(["root", "0", "0:0"]).not.toContain(users.at(-1));
    expect(finalOf("EXPOSE").map((e) => e.getArgumentsContent())).toContain("8080");
    expect(
      finalOf("ENV")
        .map((e) => e.getArgumentsContent() ?? "")
        .join(" "),
    ).toMatch(/\bHOST=0\.0\.0\.0\b/);
    const [healthcheck] = finalOf("HEALTHCHECK");
    expect(healthcheck?.getArgumentsContent()).toMatch(/CMD \["node",.*\/healthz/s);
    expect(json(finalOf("CMD").at(-1))).toEqual(["node", "--enable-source-maps", "apps/server/dist/main.mjs"]);
    // The final stage copies the bundle and what it reads beside it, and installs nothing with dev dependencies.
    const copies = finalOf("COPY").map((c) => c.getArgumentsContent() ?? "");
    for (const path of ["apps/server/dist", "apps/server/drizzle", "apps/web/dist", "node_modules"]) {
      expect(
        copies.some((c) => c.includes(path)),
        path,
      ).toBe(true);
    }
    expect(finalOf("RUN").some((r) => (r.getArgumentsContent() ?? "").includes("npm ci"))).toBe(false);
  });

  it("when the build context is sent, then installed and built output, local data and .env stay out", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "**/dist", "**/data", ".env", ".git"]) expect(ignored).toContain(entry);
  });
});

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml")) as {
    services: Record<
      string,
      {
        image?: string;
        build?: unknown;
        command?: string[];
        volumes?: string[];
        healthcheck?: unknown;
        depends_on?: Record<string, { condition: string }>;
        environment?: Record<string, string>;
      }
    >;
    volumes: Record<string, unknown>;
  };

  it("when started, then the app waits for a healthy PostgreSQL 16 and Redis 7, each keeping its data in a named volume", () => {
    const { db, redis, app } = compose.services;
    expect(db?.image).toBe("postgres:16");
    expect(redis?.image).toBe("redis:7");
    expect(redis?.command?.join(" ")).toContain("--appendonly yes");
    expect(db?.healthcheck).toBeDefined();
    expect(redis?.healthcheck).toBeDefined();
    expect(app?.build).toBeDefined();
    expect(app?.depends_on).toEqual({ db: { condition: "service_healthy" }, redis: { condition: "service_healthy" } });
    expect(app?.environment).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", REDIS_URL: "redis://redis:6379" });
    expect(app?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@db:5432\//);
    const named = (s: { volumes?: string[] } | undefined) => (s?.volumes ?? []).map((v) => v.split(":")[0]);
    expect(named(db)).toContain("pgdata");
    expect(named(redis)).toContain("redisdata");
    expect(named(app)).toContain("files");
    expect(Object.keys(compose.volumes).sort()).toEqual(["files", "pgdata", "redisdata"]);
  });
});
