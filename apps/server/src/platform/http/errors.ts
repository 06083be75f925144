import { codes, fill, functionNameParams, type Issue, type Params, platformRefusals, predicateOf, type Refusal } from "@sbo/contract";
import { englishOf } from "@sbo/contract/field-words";

export interface AppErrorOptions {
  /** HTTP status; business refusals answer 200 with their code, like every envelope. */
  status?: number;
  data?: unknown;
  /**
   * Commit the transaction before refusing: for refusals that must still record something
   * (a failed login counts towards the lock, a wrong SMS code uses up an attempt).
   */
  commit?: boolean;
  /** The refusal's key (see the contract's refusals.ts), so the web can word it in the user's language. */
  reason?: string;
  params?: Params;
}

/** The one error type: a code from the contract and a message for the person asking. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  readonly commit: boolean;
  readonly reason: string | undefined;
  readonly params: Params | undefined;

  constructor(code: string, msg: string, opts: AppErrorOptions = {}) {
    super(msg);
    this.code = code;
    this.status = opts.status ?? 200;
    this.data = opts.data ?? null;
    this.commit = opts.commit ?? false;
    this.reason = opts.reason;
    this.params = opts.params;
  }
}

/**
 * Refuses with a refusal declared in the contract: `throw refuse(codes.CONFLICT, staffRefusals.ownerFixed, { name })`.
 * The English words become `msg`; the web words `reason` and `params` in the user's language. A refusal that names
 * a field passes its contract key as `field` (and the domain as `form` where its screens label it their own way):
 * `msg` and the web name it in words (contract field-words.ts), never by the key.
 */
export const refuse = (code: string, refusal: Refusal, params?: Params, opts: Omit<AppErrorOptions, "reason" | "params"> = {}) =>
  new AppError(code, englishOf(refusal, params), { ...opts, reason: refusal.reason, ...(params ? { params } : {}) });

export const badInput = (issues: Issue[]) => {
  const first = issues[0];
  const msg = first ? `${first.path || "body"}: ${first.message}` : "Invalid input";
  return new AppError(codes.BAD_INPUT, msg, { status: 400, data: { issues } });
};

/**
 * One field is wrong, found by a rule the schema cannot express. Pass a declared refusal (contract
 * refusals.ts) so the web can word the problem in the user's language; a plain string is English only.
 * Field refusals start with `{field}` ("{field} is not a known province"): the web puts the field's label
 * there; the English `message` leaves it out, as `path` names the field.
 */
export const badField = (path: string, problem: string | Refusal, params?: Params) =>
  typeof problem === "string"
    ? badInput([{ path, message: problem }])
    : badInput([{ path, message: fill(predicateOf(problem.en), params, "en"), reason: problem.reason, ...(params ? { params } : {}) }]);

/** The row is not there (or not the caller's), worded by a declared refusal (both languages). */
export const notFound = (what: Refusal, params?: Params) => refuse(codes.NOT_FOUND, what, params);

/** The entity's state machine forbids this change, worded by a declared refusal (both languages). */
export const stateForbids = (why: Refusal, params?: Params) => refuse(codes.STATE_FORBIDS, why, params);

/** The caller lacks the function: 403 naming it in both languages (from the contract's function tree). */
export const forbidden = (func: string) => {
  const params = functionNameParams(func);
  // API users read the code beside the name; people read the name in their language.
  const msg = fill(platformRefusals.forbidden.en, { ...params, "func.en": `${params["func.en"]}: ${func}` }, "en");
  return new AppError(codes.FORBIDDEN, msg, { status: 403, reason: platformRefusals.forbidden.reason, params });
};

/** No session on a call that needs one. */
export const notLoggedIn = () => refuse(codes.NOT_LOGGED_IN, platformRefusals.notLoggedIn);
