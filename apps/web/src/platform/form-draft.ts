/**
 * Form drafts (spec §1: a screen's state is saved when the page unloads, restored once on the next
 * load, then cleared). A form's values are written to sessionStorage while they change and when the
 * page is hidden, and handed back once when the same form opens again, for the same organisation,
 * member, screen and record. sessionStorage: a reload keeps it, another tab and a closed tab do not.
 *
 * Secrets never go into a draft: fields whose name says password or verification code are left out
 * at any depth, and a form names its other sensitive fields (`omit`).
 */
import dayjs from "dayjs";
import { removeByPrefix } from "./storage";

export const DRAFT_PREFIX = "sbo:draft:";

/** Whose draft it is: the organisation and the member signed in. */
export interface DraftOwner {
  boId: string;
  memberId: string;
}

/** Field names that are never stored: passwords (and their confirmations) and SMS / verification codes. */
export const SECRET_FIELD = /pass(word)?|pwd|^code$|smscode|verif(y|ication)?code|captcha/i;

/** The storage key of one form's draft: organisation, member, then the form's own key (screen and record). */
export const draftStorageKey = (owner: DraftOwner, key: string) => `${DRAFT_PREFIX}${owner.boId}:${owner.memberId}:${key}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A date picker's value (dayjs) is stored as this, so that it comes back as a date and not as text. */
const DATE_TAG = "$draftDate";

/** The values without secret fields and without the names in `omit` (at any depth). */
export function draftValues(values: unknown, omit: readonly string[] = []): unknown {
  if (Array.isArray(values)) return values.map((item) => draftValues(item, omit));
  if (dayjs.isDayjs(values)) return values.isValid() ? { [DATE_TAG]: values.toISOString() } : null;
  if (!isPlainObject(values)) return values;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (SECRET_FIELD.test(name) || omit.includes(name)) continue;
    out[name] = draftValues(value, omit);
  }
  return out;
}

/** Stored values back into form values (dates become dayjs again). */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (!isPlainObject(value)) return value;
  const date = value[DATE_TAG];
  if (typeof date === "string" && Object.keys(value).length === 1) return dayjs(date);
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, revive(item)]));
}

/** Writes a form's draft (secrets removed). A full or disabled storage only loses the draft. */
export function writeDraft(storageKey: string, values: unknown, omit: readonly string[] = [], storage: Storage = sessionStorage): void {
  try {
    storage.setItem(storageKey, JSON.stringify(draftValues(values, omit)));
  } catch {
    // Quota exceeded, storage disabled, or a value JSON cannot hold: the draft is lost, the form works.
  }
}

/** The draft saved under `storageKey`, handed out once: it is removed as it is read. */
export function takeDraft<V = Record<string, unknown>>(storageKey: string, storage: Storage = sessionStorage): V | undefined {
  let raw: string | null = null;
  try {
    raw = storage.getItem(storageKey);
    storage.removeItem(storageKey);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? (revive(parsed) as V) : undefined;
  } catch {
    return undefined;
  }
}

export function removeDraft(storageKey: string, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(storageKey);
  } catch {
    // Storage disabled: there is no draft to remove.
  }
}

/** Removes every draft in the tab (at logout: the next person at this browser sees none of them). */
export function clearDrafts(storage: Storage = sessionStorage): void {
  removeByPrefix(storage, [DRAFT_PREFIX]);
}
