/**
 * Texts load with the screens that use them, in the chosen language only: the shared texts
 * (`locales/<lang>.ts`) at start, a feature's texts (`<feature>.messages.<lang>.ts`) from its
 * route's lazy loader, and on a switch of language every bundle loaded so far in the new language.
 * Kept free of browser globals and of `@/` imports: a Node script reaches it through the route table.
 */
type Lang = "en" | "zh";
type Tree = Record<string, unknown>;

/** A bundle: how to load its part of the message tree in each language. */
export type Bundle = Record<Lang, () => Promise<Tree>>;

interface Target {
  addResourceBundle(lng: string, ns: string, resources: Tree, deep?: boolean, overwrite?: boolean): unknown;
}

const shared: Bundle = {
  en: () => import("../locales/en").then((m) => m.en),
  zh: () => import("../locales/zh").then((m) => m.zh),
};

const wanted = new Set<Bundle>([shared]);
const loading = new Map<Bundle, Partial<Record<Lang, Promise<void>>>>();
let target: Target | null = null;
let current: () => Lang = () => "en";

/** Called once by `i18n.ts`: where loaded texts go and which language is current. */
export function bindMessages(instance: Target, language: () => Lang): void {
  target = instance;
  current = language;
}

function load(bundle: Bundle, lang: Lang): Promise<void> {
  const byLang = loading.get(bundle) ?? {};
  loading.set(bundle, byLang);
  const started = byLang[lang];
  if (started) return started;
  const promise = bundle[lang]().then(
    (tree) => {
      target?.addResourceBundle(lang, "translation", tree, true, true);
    },
    (error: unknown) => {
      // A failed download (network) may be retried by the next navigation.
      delete byLang[lang];
      throw error;
    },
  );
  byLang[lang] = promise;
  return promise;
}

/** The shared texts and `bundles` in the current language; remembered, so a switch of language loads them too. */
export async function loadMessages(bundles: readonly Bundle[] = []): Promise<void> {
  for (const b of bundles) wanted.add(b);
  const lang = current();
  await Promise.all([shared, ...bundles].map((b) => load(b, lang)));
}

/** Before switching to `lang`: the shared texts and every bundle wanted so far, in that language. */
export async function loadLanguage(lang: Lang): Promise<void> {
  await Promise.all([...wanted].map((b) => load(b, lang)));
}
