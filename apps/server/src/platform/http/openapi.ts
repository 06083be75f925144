import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { type Call, cents, codes, contract, id, instant, issue, MAX_PAGE_SIZE, needsShop, phone, SYSTEM_ID, smsCode } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BUYER_TICKET_COOKIE } from "../auth/buyer-sessions";
import { TICKET_COOKIE } from "../auth/tickets";
import { COUNT_CAP } from "./paging";

/** A contract domain's key in `contract` (`orderDesk`): the first half of its calls' operationIds. */
export type DomainKey = keyof typeof contract;

/** What the document needs of a call bindDomain registered (the route's `config.apiCall`). */
export interface ApiCall {
  call: Call;
  /** `<domain key>.<call name>`: unique, and the name the web calls it by (`contract.orderDesk.cancelOrder`). */
  operationId: string;
  tag: string;
  /** Counted by the per-IP limit: can answer 429. */
  rateLimited: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A contract call's route (bindDomain): its operation in the document. */
    apiCall?: ApiCall;
  }
}

/** The document's tags: one per contract domain, in words. */
const domainTags: Record<DomainKey, { name: string; description: string }> = {
  reference: { name: "Reference data", description: "Areas, categories, units, dictionaries and the other basic data." },
  session: { name: "Session", description: "The logged-in member: organisations, functions, password, ending the session." },
  login: { name: "Login", description: "Logging in with a password or an SMS code, SMS codes, resetting a forgotten password." },
  system: { name: "Files and audit log", description: "Uploads, files attached to records and the organisation's audit log." },
  shop: { name: "Shop", description: "The shop's profile and settings; opening and closing the shop." },
  basicShop: { name: "Shop directory", description: "Business scope, the directory of open shops and the shop's weather." },
  organization: { name: "Enterprise information", description: "The active organisation's enterprise information." },
  member: { name: "Buyer members", description: "Members who buy from the shop: ranks, tags and recharge offers." },
  staff: { name: "Staff", description: "Staff accounts, roles and their functions, professions and bases." },
  address: { name: "Addresses", description: "The shop's shipping, return and pickup addresses." },
  supplier: { name: "Suppliers", description: "Purchase and platform suppliers and their members." },
  templates: { name: "Saved templates", description: "Each member's saved list filters and data templates." },
  goods: { name: "Goods", description: "Goods and packages, SKUs, prices, stock, shelf states and the import." },
  goodsPublic: { name: "Goods (shared paths)", description: "Goods calls under the spec's /api/trading/goods paths." },
  search: { name: "Goods search", description: "Full-text search of the organisation's goods." },
  freight: { name: "Freight templates", description: "Freight templates with their region rules and free shipping." },
  shopCategory: { name: "Shop categories", description: "The shop's own category tree and the goods in each category." },
  recommend: { name: "Recommendations", description: "Recommendation groups and the goods they show." },
  orders: { name: "Orders", description: "The shop's orders: lists, details, shipping, cancelling." },
  orderFulfil: { name: "Repeated deliveries", description: "Planning and shipping the deliveries of repeated-delivery orders." },
  extract: { name: "Pickup", description: "Pickup points and orders collected in person." },
  fulfilSupport: { name: "Fulfilment support", description: "Warehouses, shipment tracking and reports to the platform." },
  orderDesk: { name: "Sales desk", description: "The sales and purchases desk: finer order lists, notes, exports." },
  orderWarehouse: { name: "Warehouse", description: "What the warehouse works from: print data of orders, the line export." },
  buyer: { name: "Buyer: shopping", description: "The buyer API: login, addresses, cart, checkout and orders." },
  orderPay: { name: "Offline payments", description: "Reviewing buyers' payment vouchers and recording offline payments." },
  orderChange: { name: "Order changes", description: "Changing an order's lines and prices before shipping." },
  buyerPay: { name: "Buyer: payment", description: "The buyer API: paying orders and the payment providers' notifications." },
  ordersLive: { name: "ERP push", description: "Orders pushed to the seller's ERP, the webhook and its retries." },
  sellerSettings: { name: "Settings", description: "The organisation's key-value settings." },
  invoice: { name: "Invoices", description: "Invoice requests on paid orders: issue with a file or refuse." },
  buyerInvoice: { name: "Buyer: invoices", description: "The buyer API: invoice titles and invoice requests." },
  evaluation: { name: "Evaluations", description: "Buyers' evaluations of orders, follow-ups and the shop's replies." },
  buyerEvaluate: { name: "Buyer: evaluations", description: "The buyer API: evaluating own orders and following up." },
  afterSale: { name: "After-sales", description: "Refunds, returns and exchanges per order line." },
  buyerAfterSale: { name: "Buyer: after-sales", description: "The buyer API: applying for refunds, returns and exchanges." },
  advert: { name: "Adverts", description: "The shop's adverts in their positions." },
  advertDetail: { name: "Advert items", description: "An advert's items: images, links and their time windows." },
  content: { name: "Content pages", description: "Custom rich-text pages under a code." },
  statement: { name: "Statements", description: "Statements per order and per day, for sales and purchases." },
  dashboard: { name: "Dashboard", description: "The shop's trading figures." },
  finance: { name: "Finance account", description: "The settlement account, bank cards, balance and cash flows." },
  promotion: { name: "Promotions", description: "Percent-off and fixed-price promotions on SKUs." },
  media: { name: "Videos", description: "The video library, its review and the signed upload credential." },
  coupon: { name: "Coupons", description: "Coupon rules, exchange vouchers and issued coupons." },
  cardPool: { name: "Card pools", description: "Pools of password cards for card coupon rules." },
  buyerCoupon: { name: "Buyer: coupons", description: "The buyer API: receiving and redeeming coupons." },
};

/** The tag of a contract domain's calls (and of the hand-written routes that belong to it). */
export const tagOf = (key: DomainKey): string => domainTags[key].name;

/** The key of a contract domain (null for a domain that is not part of the contract, such as a test's). */
export const domainKeyOf = (domain: object): DomainKey | null =>
  (Object.keys(contract) as DomainKey[]).find((key) => contract[key] === domain) ?? null;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Shapes many calls share, given a name: the document holds each once under components.schemas. */
const sharedShapes: Record<string, z.ZodType> = { Id: id, Cents: cents, Instant: instant, Mobile: phone, SmsCode: smsCode, Issue: issue };
const shared = z.registry<{ id: string }>();
for (const [name, shape] of Object.entries(sharedShapes)) shared.add(shape, { id: name });

type JsonSchema = Record<string, unknown>;

const PAGE_KEYS = ["list", "pageNum", "pageSize", "total"].join();

/** A page of a list (contract `page(item)`): every page shares the Page component and names only its item. */
function pageAsShared({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  if (zodSchema._zod.def.type !== "object" || Object.keys(zodSchema._zod.def.shape).sort().join() !== PAGE_KEYS) return;
  const list = (jsonSchema.properties as JsonSchema).list;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, { allOf: [ref("Page"), { type: "object", properties: { list } }] });
}

/**
 * A zod schema as an OpenAPI 3.0 schema: the shared shapes become references to components.schemas (collected
 * in `components`).
 */
function schemaOf(schema: z.ZodType, io: "input" | "output", components: Record<string, unknown>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io,
    unrepresentable: "any",
    metadata: shared,
    override: pageAsShared,
  }) as JsonSchema;
  delete json.$schema;
  const { definitions, ...rest } = json as { definitions?: Record<string, unknown> };
  Object.assign(components, definitions);
  inComponents(definitions, components);
  inComponents(rest, components);
  return rest;
}

/**
 * Points zod's `#/definitions/…` at components.schemas, and gives a nullable shared shape the type of its component:
 * OpenAPI 3.0 reads `nullable` only beside a `type` (zod writes `{ nullable: true, allOf: [{ $ref }] }`).
 */
function inComponents(node: unknown, components: Record<string, unknown>): void {
  if (Array.isArray(node)) {
    for (const item of node) inComponents(item, components);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const schema = node as JsonSchema;
  if (typeof schema.$ref === "string") schema.$ref = schema.$ref.replace("#/definitions/", "#/components/schemas/");
  for (const value of Object.values(schema)) inComponents(value, components);
  const only = Array.isArray(schema.allOf) && schema.allOf.length === 1 ? (schema.allOf[0] as JsonSchema).$ref : undefined;
  if (schema.nullable === true && schema.type === undefined && typeof only === "string") {
    schema.type = (components[only.slice("#/components/schemas/".length)] as JsonSchema | undefined)?.type;
  }
}

/** Every code but success: the codes a refusal can carry. */
const refusalCodes = Object.values(codes).filter((code) => code !== codes.OK);

const envelopeOf = (data: JsonSchema, code: JsonSchema = { type: "string" }): JsonSchema => ({
  type: "object",
  required: ["code", "msg", "data"],
  properties: {
    code,
    msg: { type: "string", description: "English words for API users; people read `reason` in their language" },
    data,
    reason: { type: "string", description: "A refusal's key: its words in English and Chinese are declared in the contract" },
    params: {
      type: "object",
      additionalProperties: { oneOf: [{ type: "string" }, { type: "number" }] },
      description: "The values of the words' {placeholders}",
    },
  },
});

const errorBody = (description: string, schema: string) => ({ description, content: { "application/json": { schema: ref(schema) } } });

/** The shapes and answers every call shares, and the security schemes. */
function baseComponents(): Record<string, Record<string, unknown>> {
  return {
    securitySchemes: {
      ticket: {
        type: "apiKey",
        in: "cookie",
        name: TICKET_COOKIE,
        description: "The seller's session, set (HttpOnly) by the login calls; a browser sends it by itself.",
      },
      buyerTicket: {
        type: "apiKey",
        in: "cookie",
        name: BUYER_TICKET_COOKIE,
        description: "The buyer's session, set by the buyer API's SMS login.",
      },
      signToken: {
        type: "apiKey",
        in: "header",
        name: "sign-token",
        description: "The server's SIGN_TOKEN, sent with every call (a guard against cross-site requests); this page fills it in.",
      },
    },
    schemas: {
      Page: {
        type: "object",
        required: ["list", "total", "pageNum", "pageSize"],
        properties: {
          list: { type: "array", items: {} },
          total: { type: "integer", description: `Rows matching; a larger count reads as ${COUNT_CAP}` },
          pageNum: { type: "integer", minimum: 1 },
          pageSize: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
        },
        description: "A page of a list: the rows of pageNum, pageSize rows a page.",
      },
      Refusal: {
        ...envelopeOf(
          { description: "null, or what the refusal names (021101: the page that opens a shop)" },
          { type: "string", enum: refusalCodes },
        ),
        description:
          "A refusal: 000001 bad input, 000003 no permission, 000004 not found (another seller's ids read as missing), " +
          "000005 conflict, 000029 too many requests, 000409 the state forbids the change, 000500 server failure, " +
          "000016/001107/001108/12 log in again, 003301 shop closed, 021101 no shop yet, 0011xx login and SMS refusals, " +
          "000503/000504 an outside service not configured or failing. Business refusals answer HTTP 200.",
      },
      BadInput: {
        ...envelopeOf(
          { type: "object", required: ["issues"], properties: { issues: { type: "array", items: ref("Issue") } } },
          { type: "string", enum: [codes.BAD_INPUT] },
        ),
        description: "Bad input: `msg` names the first field; `data.issues` lists every field's problem. Nothing is written.",
      },
      ServerError: {
        ...envelopeOf(
          { type: "object", required: ["requestId"], properties: { requestId: { type: "string" } } },
          { type: "string", enum: [codes.SERVER_ERROR] },
        ),
        description: "The server failed: the request id is in the server's log too. Never a stack trace.",
      },
    },
    responses: {
      BadInput: errorBody("Bad input (code 000001): a field is missing or wrong, or the body is not JSON.", "BadInput"),
      Forbidden: errorBody("The sign-token header is missing or wrong, or the member lacks the call's function (code 000003).", "Refusal"),
      TooLarge: errorBody("The body or the file is too large (code 000001).", "BadInput"),
      TooManyRequests: errorBody("Too many requests from this address (code 000029): wait a minute.", "Refusal"),
      ServerError: errorBody("The server failed (code 000500) with a request id to quote.", "ServerError"),
    },
  };
}

/** Who may call: every POST under /api/ carries the sign-token; seller and buyer calls their session's cookie. */
function securityOf(call: Call): Array<Record<string, string[]>> {
  if (call.access === "public") return [{ signToken: [] }];
  if (call.access === "buyer") return [{ signToken: [], buyerTicket: [] }];
  return [{ signToken: [], ticket: [] }];
}

function accessText(call: Call): string {
  if (call.access === "public") return "Public: no ticket needed.";
  if (call.access === "member") return "Any logged-in member.";
  if (call.access === "buyer") return "A logged-in buyer (the buyer_ticket cookie of /api/buyer/basic/member/login/smsLogin).";
  return `Requires function \`${call.access.func}\`${needsShop(call) ? "; refused while the shop is closed" : ""}.`;
}

/** The errors the pipeline answers with an HTTP status (app.ts's error handler and sign-token guard). */
function errorResponses(method: string, rateLimited: boolean): Record<string, unknown> {
  const post = method === "post";
  return {
    ...(post ? { 400: response("BadInput") } : {}),
    403: response("Forbidden"),
    ...(post ? { 413: response("TooLarge") } : {}),
    ...(rateLimited ? { 429: response("TooManyRequests") } : {}),
    500: response("ServerError"),
  };
}

function operationOf({ call, operationId, tag, rateLimited }: ApiCall, schemas: Record<string, unknown>): Record<string, unknown> {
  const input = schemaOf(call.input, "input", schemas);
  const properties = {
    systemId: { type: "integer", enum: [SYSTEM_ID] },
    ...((input.properties as object) ?? {}),
    ...(call.upload ? { file: { type: "string", format: "binary" } } : {}),
  };
  const required = ["systemId", ...((input.required as string[]) ?? []), ...(call.upload ? ["file"] : [])];
  const body = { ...input, type: "object", properties, required };
  const answer = call.download
    ? {
        description: "The file; a refusal answers the JSON envelope instead.",
        content: {
          ...Object.fromEntries((call.fileTypes ?? [XLSX]).map((type) => [type, { schema: { type: "string", format: "binary" } }])),
          "application/json": { schema: ref("Refusal") },
        },
      }
    : {
        description: 'Code "0": the answer is in `data`. Another code is a refusal the call met (HTTP 200).',
        content: {
          "application/json": {
            schema: { oneOf: [envelopeOf(schemaOf(call.output, "output", schemas), { type: "string", enum: [codes.OK] }), ref("Refusal")] },
          },
        },
      };
  return {
    operationId,
    summary: call.summary,
    description: accessText(call),
    tags: [tag],
    security: securityOf(call),
    requestBody: { required: true, content: { [call.upload ? "multipart/form-data" : "application/json"]: { schema: body } } },
    responses: { 200: answer, ...errorResponses("post", rateLimited) },
  };
}

/**
 * Completes the document @fastify/swagger lists: each contract call's operation made from its contract entry (on the
 * first request for the document, not at start), the shared answers on every operation, tags in words.
 */
function complete(document: Record<string, unknown>, calls: Map<string, ApiCall>): Record<string, unknown> {
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  for (const shape of Object.values(sharedShapes)) schemaOf(shape, "output", schemas);
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, operations] of Object.entries(paths)) {
    const apiCall = calls.get(path);
    for (const [method, operation] of Object.entries(operations)) {
      operations[method] = apiCall
        ? operationOf(apiCall, schemas)
        : { ...operation, responses: { ...(operation.responses as object), ...errorResponses(method, false) } };
    }
  }
  return { ...document, tags: Object.values(domainTags) };
}

/**
 * The OpenAPI document at /api/docs/json and Swagger UI at /api/docs, where "Try it out" works for a logged-in
 * browser: the page fills in the sign-token (the ticket cookie goes by itself, same origin).
 */
export async function registerApiDocument(app: FastifyInstance, opts: { version: string; signToken: string }): Promise<void> {
  const calls = new Map<string, ApiCall>();
  app.addHook("onRoute", (route) => {
    const apiCall = route.config?.apiCall;
    if (apiCall) calls.set(route.url, apiCall);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Seller Back Office API",
        version: opts.version,
        description:
          "Every call: POST, JSON body with systemId 71, header sign-token, cookie ticket (buyer calls: buyer_ticket). " +
          'Every answer: { code, msg, data }, code "0" for success; refusals add reason and params.',
      },
      // The server the document came from: "Try it out" calls the same origin.
      servers: [{ url: "/" }],
      components: baseComponents(),
    },
    transformObject: (documentObject) =>
      "openapiObject" in documentObject
        ? complete(documentObject.openapiObject as Record<string, unknown>, calls)
        : documentObject.swaggerObject,
  });
  // Swagger UI's script is a file it serves (not inline), made from these options: a function travels as its source,
  // so the token is written into it.
  const preauthorize = Object.assign(() => {}, {
    toString: () => `function () { ui.preauthorizeApiKey("signToken", ${JSON.stringify(opts.signToken)}); }`,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { onComplete: preauthorize } });
}
