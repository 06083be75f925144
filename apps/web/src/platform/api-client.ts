import { codes, loginCodes } from "@sbo/contract/codes";
import type { Call, InputOf, OutputOf } from "@sbo/contract/define";
import { SYSTEM_ID } from "@sbo/contract/define";
import type { Params } from "@sbo/contract/refusals";
import { wordsOf } from "@sbo/contract/refusals";
import { holdLoading, showNotice } from "./feedback";
import { acceptLanguageOf, currentLanguage, i18n } from "./i18n";

/** The server's default signing header value (spec §9), for the Vite dev server and tests, whose index.html has none. */
export const DEFAULT_SIGN_TOKEN = "seller-web";

/**
 * The `sign-token` header every call carries (a cross-site form cannot set it). One source: the server writes its
 * SIGN_TOKEN into the index.html it serves (`<meta name="sign-token">`), so an operator who sets it changes nothing here.
 */
export function signToken(): string {
  return document.querySelector('meta[name="sign-token"]')?.getAttribute("content") || DEFAULT_SIGN_TOKEN;
}
export const REQUEST_TIMEOUT_MS = 50_000;
export const LOGIN_PATH = "/login/toLogin";
/** Where an account that belongs to no seller organisation is sent after logging in (code 001109). */
export const NOT_A_SELLER_PATH = "/login/403";
/** Search parameter of the login page naming where to return after logging in. */
export const REDIRECT_PARAM = "redirect";

/** Codes the client makes up for failures that never reached a server envelope. */
export const clientCodes = { TIMEOUT: "TIMEOUT", NETWORK: "NETWORK", BAD_RESPONSE: "BAD_RESPONSE" } as const;

export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly data: unknown;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;

  constructor(init: { code: string; msg: string; data?: unknown; status: number }) {
    super(init.msg);
    this.name = "ApiError";
    this.code = init.code;
    this.msg = init.msg;
    this.data = init.data ?? null;
    this.status = init.status;
  }
}

export interface CallOptions {
  /** false: no Notice dialog; the caller shows the error (forms). Navigation rules still apply. */
  notify?: boolean;
  /** false: no global "Submitting information…" indicator for this write. */
  loading?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router installs its navigate function here; tests install a spy. */
export function setNavigator(fn: Navigate): void {
  navigateTo = fn;
}

/**
 * While the member logs out (use-logout.ts), a call still in flight from the screen they leave is refused as "not
 * logged in" once the session is ended. It must not send the login page a path to return to: that navigation could
 * land after the logout's own (the login screen loading), and the next login would go back to the old screen.
 */
let loggingOut = false;
export function setLoggingOut(on: boolean): void {
  loggingOut = on;
}

/** Full-page navigation to a URL the server names (021101). An object so tests can spy on it. */
export const browser = {
  assign: (url: string): void => window.location.assign(url),
};

const isSafePath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

/** Where a remembered path may send the user after login: only paths inside this site. */
export function safeRedirect(path: string | null | undefined, fallback = "/transaction/index"): string {
  return path && isSafePath(path) ? path : fallback;
}

/**
 * The login page, remembering the current path unless we are already on a login screen. On the login page itself it
 * stays as it is: a second refused call answering after the first sent us there must not drop the path it remembers.
 */
export function loginPathFor(current: string): string {
  if (current === LOGIN_PATH || current.startsWith(`${LOGIN_PATH}?`)) return current;
  if (current === "/" || current.startsWith("/login")) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(current)}`;
}

const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

interface Envelope {
  code: string;
  msg: string;
  data: unknown;
  reason?: string;
  params?: Params;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === "object" && value !== null && "code" in value && typeof value.code === "string";

const envelopeOf = (value: unknown): Envelope | null =>
  isEnvelope(value) ? { ...value, msg: "msg" in value ? String(value.msg) : "" } : null;

let fieldWording: typeof import("./field-wording") | null = null;

/** Loads the words of refusals that name a field (./field-wording.ts, a chunk of its own), once. */
export async function loadFieldWording(): Promise<void> {
  fieldWording ??= await import("./field-wording");
}

/** A field's seller words (contract field-words.ts) once they are loaded (`loadFieldWording`), else undefined. */
export const loadedFieldWord = (path: string, lang: "en" | "zh"): string | undefined => fieldWording?.fieldWord(path, lang);

/** Whether an answer names a field: a refusal with `params.field`, or bad input with its issues. */
const namesField = (body: unknown): boolean => {
  const envelope = envelopeOf(body);
  if (!envelope) return false;
  return envelope.code === codes.BAD_INPUT || typeof envelope.params?.field === "string";
};

/** Before failure(): the field words, when the answer names a field (a failed load leaves the plainer words). */
export async function prepareFailure(body: unknown): Promise<void> {
  if (namesField(body)) await loadFieldWording().catch(() => undefined);
}

/**
 * A refusal in the user's language: its declared words (contract refusals.ts) filled with its params, a field it
 * names (`params.field`, a contract key) in seller words (contract field-words.ts); for bad input outside a form,
 * the first issue with its field in seller words (a form names its fields by their labels: components/form.tsx);
 * else the words for its code; else, in English only, the server's own text. Never English in Chinese.
 */
export function refusalText(envelope: Pick<Envelope, "code" | "msg" | "reason" | "params"> & { data?: unknown }): string {
  const lang = currentLanguage();
  const worded = fieldWording?.wordedRefusal(envelope, codes.BAD_INPUT, lang);
  if (worded) return worded;
  const declared = envelope.reason ? wordsOf(envelope.reason, lang, envelope.params) : undefined;
  if (declared) return declared;
  if (lang === "en" && envelope.msg) return envelope.msg;
  const byCode = i18n.t("api.byCode", { returnObjects: true }) as Record<string, string>;
  return byCode[envelope.code] ?? i18n.t("api.refused", { code: envelope.code });
}

/** Spec §8 by HTTP status, checked before the body. Returns the route to go to, if any. */
export function routeForStatus(status: number): string | null {
  if (status === 401) return "/401";
  if (status === 403) return "/403";
  if (status >= 500 && status <= 504) return "/500";
  if (status >= 404 && status < 422) return "/404";
  return null;
}

/**
 * Applies spec §8 to a response that did not succeed and returns the error to reject with.
 * `body` is the parsed JSON body, or null when there was none.
 */
export function failure(status: number, body: unknown, opts: Pick<CallOptions, "notify"> = {}): ApiError {
  const envelope = envelopeOf(body);
  const error = new ApiError({
    code: envelope?.code ?? clientCodes.BAD_RESPONSE,
    msg: envelope ? refusalText(envelope) : i18n.t("api.badResponse"),
    data: envelope?.data ?? null,
    status,
  });
  const route = routeForStatus(status);
  if (route) {
    navigateTo(route);
    return error;
  }
  if (envelope?.code === codes.NO_SHOP && typeof envelope.data === "string" && envelope.data) {
    browser.assign(envelope.data);
    return error;
  }
  if (envelope && loginCodes.includes(envelope.code)) {
    if (!loggingOut) navigateTo(loginPathFor(currentPath()));
    return error;
  }
  if (envelope?.code === codes.NOT_A_SELLER) {
    // Spec §2: an account that is no seller's sees /login/403, which offers logging in as someone else.
    navigateTo(NOT_A_SELLER_PATH);
    return error;
  }
  if (envelope?.code === codes.SHOP_CLOSED) {
    navigateTo("/shopClose");
    return error;
  }
  if (opts.notify !== false) showNotice(i18n.t("api.notice"), error.msg);
  return error;
}

/**
 * fetch with the platform's defaults: credentials, the sign-token header, the user's language
 * (Accept-Language: zh-CN or en), the 50 s timeout.
 * Never rejects with anything but an ApiError (or the caller's own abort).
 */
export async function send(url: string, init: RequestInit, opts: CallOptions = {}): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener("abort", onCallerAbort);
  try {
    const headers = new Headers(init.headers);
    headers.set("sign-token", signToken());
    headers.set("accept-language", acceptLanguageOf());
    return await fetch(url, { ...init, headers, credentials: "include", signal: controller.signal });
  } catch (cause) {
    if (opts.signal?.aborted && !timedOut) throw cause;
    const code = timedOut ? clientCodes.TIMEOUT : clientCodes.NETWORK;
    const error = new ApiError({ code, msg: i18n.t(timedOut ? "api.timeout" : "api.network"), status: 0 });
    if (opts.notify !== false) showNotice(i18n.t("api.notice"), error.msg);
    throw error;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Reads a JSON envelope; resolves with `data` when the code is "0", else rejects per spec §8. */
export async function settle(response: Response, opts: CallOptions = {}): Promise<unknown> {
  const body = await readJson(response);
  const envelope = envelopeOf(body);
  if (response.ok && envelope?.code === codes.OK) return envelope.data;
  await prepareFailure(body);
  throw failure(response.status, body, opts);
}

/**
 * Calls one contract entry: POST JSON to its path with `systemId` added. Resolves with the
 * envelope's `data`, typed by the entry's output schema.
 */
let writeListener: (() => void) | null = null;

/**
 * Told after every write the server accepted, before its caller goes on: the query client marks what it has cached
 * as stale (platform/query-client.ts), so a screen of another domain opened later shows the change, not its answer
 * from before (issue 25 §5, "lists are stale after an action").
 */
export function setWriteListener(listener: (() => void) | null): void {
  writeListener = listener;
}

export async function call<C extends Call>(entry: C, input: InputOf<C>, opts: CallOptions = {}): Promise<OutputOf<C>> {
  if (entry.download || entry.upload)
    throw new Error(`${entry.path} is a ${entry.download ? "download (use download())" : "upload (use uploadFile())"}`);
  const release = entry.write && opts.loading !== false ? holdLoading(i18n.t("api.submitting")) : null;
  try {
    const body = { ...(input as object), systemId: SYSTEM_ID };
    const response = await send(
      entry.path,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      opts,
    );
    // The server validates every response against the same contract; parsing again here would only cost time.
    const output = (await settle(response, opts)) as OutputOf<C>;
    if (entry.write) writeListener?.();
    return output;
  } finally {
    release?.();
  }
}
