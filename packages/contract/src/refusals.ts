/**
 * What a person reads when a call is refused, defined once with its words in both languages.
 * The server answers `{ code, msg, data, reason, params }`: `msg` is the English text for API users,
 * `reason` the key below and `params` the values of its `{placeholders}`; the web words the refusal
 * from `reason` and `params` in the user's language, so a Chinese seller never meets English.
 */
export interface Words {
  en: string;
  zh: string;
}

export interface Refusal extends Words {
  /** `<domain>.<name>`, unique across the product. */
  reason: string;
}

export type Lang = keyof Words;
export type Params = Record<string, string | number>;

const registry = new Map<string, Refusal>();

/**
 * Declares a domain's refusals: `refusals("staff", { ownerFixed: { en: "…", zh: "…" } })`.
 * Placeholders are `{name}`; the values travel as the envelope's `params`.
 */
export function refusals<K extends string>(domain: string, table: Record<K, Words>): Record<K, Refusal> {
  const out = {} as Record<K, Refusal>;
  for (const name of Object.keys(table) as K[]) {
    const reason = `${domain}.${name}`;
    if (registry.has(reason)) throw new Error(`refusal ${reason} is declared twice`);
    const r = { reason, ...table[name] };
    registry.set(reason, r);
    out[name] = r;
  }
  return out;
}

/**
 * Fills `{name}` placeholders; a missing value stays visible as `{name}` so tests catch it.
 * A value that differs by language travels as `name.en` and `name.zh` (a function's name, say):
 * given `lang`, `{name}` takes `name.<lang>` first.
 */
export const fill = (text: string, params: Params = {}, lang?: Lang): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const own = lang ? params[`${name}.${lang}`] : undefined;
    if (own !== undefined) return String(own);
    return name in params ? String(params[name]) : whole;
  });

/** The words of a refusal in a language, or undefined for a reason this build does not know. */
export function wordsOf(reason: string, lang: Lang, params?: Params): string | undefined {
  const r = registry.get(reason);
  return r ? fill(r[lang], params, lang) : undefined;
}

/** A declared refusal by its reason (undefined for one this build does not know). */
export const refusalOf = (reason: string): Refusal | undefined => registry.get(reason);

/** Every declared refusal (tests check both languages and placeholders). */
export const allRefusals = (): Refusal[] => [...registry.values()];
