import { existsSync } from "node:fs";
import { join } from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { codes, fieldRefusals, fill, platformRefusals, predicateOf } from "@sbo/contract";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import { addressRoutes } from "./domains/address/address.routes";
import { memberRoutes } from "./domains/member/member.routes";
import { createMemberService } from "./domains/member/member.service";
import { organizationRoutes } from "./domains/organization/organization.routes";
import { sessionRoutes } from "./domains/session/session.routes";
import { shopRoutes } from "./domains/shop/shop.routes";
import { staffRoutes } from "./domains/staff/staff.routes";
import { supplierRoutes } from "./domains/supplier/supplier.routes";
import { systemRoutes } from "./domains/system/system.routes";
import { createSystemService } from "./domains/system/system.service";
import { logSmsProvider, type SmsProvider } from "./platform/auth/sms";
import type { Database } from "./platform/db/client";
import { newId } from "./platform/db/ids";
import { localFileStore } from "./platform/files/file-store";
import { failure } from "./platform/http/envelope";
import { AppError } from "./platform/http/errors";

export const VERSION = "1.0.0";

export interface AppOptions {
  config: Config;
  database: Database;
  sms?: SmsProvider;
  logger?: boolean;
}

export async function buildApp({ config, database, sms, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ["req.headers.cookie", 'req.headers["sign-token"]'] } : false,
    bodyLimit: 1024 * 1024,
    genReqId: () => newId(),
    trustProxy: config.trustProxy,
  });

  // Inputs are validated with the contract's zod schemas inside bindDomain; the JSON Schemas given to
  // Fastify are for the OpenAPI document only.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send(failure(err.code, err.message, err.data, err));
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 429) {
      const r = platformRefusals.tooManyRequests;
      return reply.code(429).send(failure(codes.TOO_MANY_REQUESTS, r.en, null, r));
    }
    if (e.statusCode === 413 || e.code === "FST_REQ_FILE_TOO_LARGE") {
      const r = platformRefusals.tooLarge;
      const issue = { path: "body", message: predicateOf(fieldRefusals.tooLarge.en), reason: fieldRefusals.tooLarge.reason };
      return reply.code(413).send(failure(codes.BAD_INPUT, r.en, { issues: [issue] }, r));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly (Fastify's English
      // detail stays in `msg` for API users; people read the declared words).
      const r = platformRefusals.malformed;
      const issue = { path: "body", message: e.message ?? "malformed", reason: fieldRefusals.unreadable.reason };
      return reply.code(400).send(failure(codes.BAD_INPUT, `body: ${e.message ?? "malformed request"}`, { issues: [issue] }, r));
    }
    req.log.error({ err }, "request failed");
    const r = platformRefusals.serverError;
    const params = { requestId: req.id };
    return reply.code(500).send(failure(codes.SERVER_ERROR, fill(r.en, params), { requestId: req.id }, { reason: r.reason, params }));
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Seller Back Office API",
        version: VERSION,
        description: "Every call: POST, JSON body with systemId 71, header sign-token, cookie ticket.",
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  // The sign-token header is a CSRF guard: a cross-site form cannot set it.
  app.addHook("onRequest", async (req, reply) => {
    if (req.method !== "POST" || !req.url.startsWith("/api/")) return;
    if (req.headers["sign-token"] !== config.signToken) {
      const r = platformRefusals.signToken;
      return reply.code(403).send(failure(codes.FORBIDDEN, r.en, null, r));
    }
  });

  const platform = { db: database.db, config, sms: sms ?? logSmsProvider(app.log) };
  const files = localFileStore(join(config.dataDir, "files"));
  const system = createSystemService({ files, version: VERSION });
  sessionRoutes(app, platform, system);
  systemRoutes(app, platform, system, files);
  addressRoutes(app, platform);
  supplierRoutes(app, platform);
  memberRoutes(app, platform, createMemberService());
  shopRoutes(app, platform);
  organizationRoutes(app, platform);
  staffRoutes(app, platform);

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: "ready", database: database.kind };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  const hasWeb = existsSync(join(config.webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/")) {
      const r = platformRefusals.noSuchCall;
      const params = { call: `${req.method} ${req.url.split("?")[0]}` };
      return reply.code(404).send(failure(codes.NOT_FOUND, fill(r.en, params), null, { reason: r.reason, params }));
    }
    if (hasWeb && (req.method === "GET" || req.method === "HEAD") && !req.url.startsWith("/assets/")) {
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    }
    return reply.code(404).send(failure(codes.NOT_FOUND, platformRefusals.notFound.en, null, platformRefusals.notFound));
  });

  return app;
}
