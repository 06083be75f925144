import { evaluationRefusals as E, EVAL_MAX_WINDOW_DAYS, maskPhone } from "@sbo/contract";
import { badField } from "../../platform/http/errors";

/* The evaluations' calculations and checks, without the database. */

const DAY = 86_400_000;

/**
 * The buyer's name as the seller sees it: a phone-like name (a buyer account is named by its phone, already masked)
 * as 139****0301, else the first character and stars.
 */
export const maskName = (name: string | null) =>
  !name ? "**" : /^1[\d*]{10}$/.test(name) ? (maskPhone(name) as string) : `${Array.from(name)[0]}**`;
/** The lines' average, rounded half up. */
export const scoreOf = (scores: number[]) => Math.floor((2 * scores.reduce((a, b) => a + b, 0) + scores.length) / (2 * scores.length));
/** sum / count in hundredths, rounded half up; null without a count. */
export const hundredths = (sum: number, count: number) => (count > 0 ? Math.floor((200 * sum + count) / (2 * count)) : null);
export const bp = (part: number, whole: number) => (whole > 0 ? Math.floor((20_000 * part + whole) / (2 * whole)) : null);

/** A score window's bounds (at most EVAL_MAX_WINDOW_DAYS, ending now without `to`); null without either bound. */
export function windowOf(from: string | undefined, to: string | undefined) {
  if (from === undefined && to === undefined) return null;
  const end = to ?? new Date().toISOString();
  const start = from ?? new Date(Date.parse(end) - EVAL_MAX_WINDOW_DAYS * DAY).toISOString();
  const span = Date.parse(end) - Date.parse(start);
  if (span < 0) throw badField("to", E.windowReversed);
  if (span > EVAL_MAX_WINDOW_DAYS * DAY) throw badField("to", E.windowTooLong, { max: EVAL_MAX_WINDOW_DAYS });
  return { from: start, to: end };
}

/** The seller list's span: any span of days (its indexes page it); only a reversed one is refused. */
export function checkListSpan(input: { from?: string | undefined; to?: string | undefined }) {
  if (input.from && input.to && Date.parse(input.to) < Date.parse(input.from)) throw badField("to", E.windowReversed);
}
