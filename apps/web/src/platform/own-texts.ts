/**
 * A component's own words in both languages, kept in its lazy chunk rather than in the shared texts every first
 * screen loads (the map, the rich-text editor, the goods picker): one lookup, with `{{name}}` filled from params.
 */
type Tree = { readonly [key: string]: string | Tree };

/** The dotted keys of a words tree's leaves ("statuses.on"). */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

export type TextParams = Record<string, string | number>;

export function ownTexts<T extends Tree>(byLang: { en: T; zh: T }) {
  return (lang: string, key: TextKey<T>, params: TextParams = {}): string => {
    let node: unknown = lang === "zh" ? byLang.zh : byLang.en;
    for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
    return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
  };
}
