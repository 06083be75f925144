import SwaggerParser from "@apidevtools/swagger-parser";
import { type Call, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
type Document = {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; in: string; name: string }>; responses?: Record<string, unknown> };
};

const contractCalls = Object.entries(contract).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, Call>).map(([name, call]) => ({ domain, name, call })),
);

describe("the API document at /api/docs/json", () => {
  let t: TestApp;
  let doc: Document;
  let operations: Array<{ path: string; method: string; operation: Operation }>;

  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { SIGN_TOKEN: "docs-test-token" } });
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  });
  afterAll(() => t.close());

  it("validates as OpenAPI with swagger-parser", async () => {
    // swagger-parser dereferences what it is given: a copy keeps the document as served for the other tests.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("names every operation once: its contract domain and call, as the web calls it", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // `logout` is a call of the seller's session and of the buyer API: two operations, two names.
    expect(doc.paths[contract.session.logout.path]?.post?.operationId).toBe("session.logout");
    expect(doc.paths[contract.buyer.logout.path]?.post?.operationId).toBe("buyer.logout");
    for (const { domain, name, call } of contractCalls) expect(doc.paths[call.path]?.post?.operationId).toBe(`${domain}.${name}`);
  });

  it("answers every operation with a 2xx and the shared error answers, and none with an empty list", () => {
    const shared = (name: string) => `#/components/responses/${name}`;
    for (const { path, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => s.startsWith("2")),
        path,
      ).toBe(true);
      expect(operation.responses["403"]?.$ref, path).toBe(shared("Forbidden"));
      expect(operation.responses["500"]?.$ref, path).toBe(shared("ServerError"));
      if (method === "post") {
        expect(operation.responses["400"]?.$ref, path).toBe(shared("BadInput"));
        expect(operation.responses["413"]?.$ref, path).toBe(shared("TooLarge"));
      }
    }
    // Only the calls counted by the per-IP limit answer 429.
    expect(doc.paths[contract.login.login.path]?.post?.responses["429"]?.$ref).toBe(shared("TooManyRequests"));
    expect(doc.paths[contract.session.judgeAuth.path]?.post?.responses["429"]).toBeUndefined();
  });

  it("declares the ticket cookies and the sign-token header, and each call's security from its contract access", () => {
    expect(doc.components.securitySchemes).toMatchObject({
      ticket: { type: "apiKey", in: "cookie", name: "ticket" },
      buyerTicket: { type: "apiKey", in: "cookie", name: "buyer_ticket" },
      signToken: { type: "apiKey", in: "header", name: "sign-token" },
    });
    for (const { call } of contractCalls) {
      const expected =
        call.access === "public"
          ? [{ signToken: [] }]
          : call.access === "buyer"
            ? [{ signToken: [], buyerTicket: [] }]
            : [{ signToken: [], ticket: [] }];
      expect(doc.paths[call.path]?.post?.security, call.path).toEqual(expected);
    }
    // The payment provider's notification carries its signature instead of a ticket or the sign-token.
    expect(doc.paths["/api/buyer/trading/pay/notify/{provider}"]?.post?.security).toEqual([]);
  });

  it("tags operations by domain in words, each tag declared with a description", () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { path, operation } of operations) {
      expect(operation.tags?.length, path).toBe(1);
      const tag = operation.tags?.[0] ?? "";
      expect(tag.startsWith("/"), path).toBe(false);
      expect(declared.get(tag), path).toBeTruthy();
    }
    expect(doc.paths[contract.orders.selOrderListByPage.path]?.post?.tags).toEqual(["Orders"]);
    expect(doc.paths[contract.buyer.logout.path]?.post?.tags).toEqual(["Buyer: shopping"]);
  });

  it("documents downloads as their files and uploads as multipart/form-data with the file", () => {
    const exportOrder = doc.paths[contract.orderDesk.exportOrder.path]?.post;
    expect(Object.keys(exportOrder?.responses["200"]?.content ?? {})).toEqual([
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/json",
    ]);
    const invoiceFile = doc.paths[contract.buyerInvoice.downloadInvoiceFile.path]?.post;
    expect(Object.keys(invoiceFile?.responses["200"]?.content ?? {})).toEqual(["application/pdf", "image/*", "application/json"]);
    const upload = doc.paths[contract.system.upload.path]?.post;
    expect(upload?.requestBody?.content["multipart/form-data"]).toMatchObject({
      schema: { properties: { file: { type: "string", format: "binary" } }, required: expect.arrayContaining(["systemId", "file"]) },
    });
  });

  it("holds the shapes many calls share once, as component schemas the operations refer to", () => {
    const schemas = (doc.components as { schemas?: Record<string, unknown> }).schemas ?? {};
    for (const name of ["Page", "Id", "Cents", "Instant", "Issue", "Refusal", "BadInput", "ServerError"])
      expect(schemas[name], name).toBeDefined();
    const paths = JSON.stringify(doc.paths);
    for (const name of ["Page", "Id", "Cents", "Instant", "Refusal"]) expect(paths, name).toContain(`"#/components/schemas/${name}"`);
  });

  it("writes nullable only beside a type, as OpenAPI 3.0 reads it (Redocly's nullable-type-sibling)", () => {
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== "object") return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && schema.type === undefined) untyped.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(doc, "#");
    expect(untyped).toEqual([]);
  });

  it("lets Swagger UI's Try it out send the server's sign-token: the page fills it in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ui.preauthorizeApiKey("signToken", "docs-test-token")');
  });
});
