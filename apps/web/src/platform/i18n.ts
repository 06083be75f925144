import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { bindMessages, loadLanguage } from "./messages";

export type Lang = "en" | "zh";
export const languages: readonly Lang[] = ["en", "zh"];

/** localStorage key holding the language the user chose. */
export const LANG_KEY = "sbo:lang";

const isLang = (value: unknown): value is Lang => value === "en" || value === "zh";

/** The user's saved choice, else the browser's language: anything starting with "zh" is Chinese. */
export function detectLanguage(storage: Pick<Storage, "getItem"> = localStorage, browserLang = navigator.language): Lang {
  const saved = storage.getItem(LANG_KEY);
  if (isLang(saved)) return saved;
  return browserLang.toLowerCase().startsWith("zh") ? "zh" : "en";
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Texts are added as they load (./messages.ts): the chosen language only, each feature's with its route.
  resources: {},
  lng: detectLanguage(),
  fallbackLng: "en",
  supportedLngs: languages,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

const applyLanguage = (lang: Lang) => {
  dayjs.locale(lang === "zh" ? "zh-cn" : "en");
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
};
applyLanguage(currentLanguage());
bindMessages(i18n, currentLanguage);

export function currentLanguage(): Lang {
  return isLang(i18n.language) ? i18n.language : "en";
}

/** Switch the language of the whole app and remember it for the next visit. */
export async function setLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  await loadLanguage(lang);
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
}

type Tree = { readonly [key: string]: string | Tree };

/** The dotted keys of a words tree's leaves ("statuses.on"). */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

export type TextParams = Record<string, string | number>;

/**
 * A lazily loaded component's own words (the map, the rich-text editor, the goods picker), added to i18next under
 * `ns` when its chunk loads, in both languages, rather than to the shared texts every first screen loads. Answers a
 * lookup by language and typed key, `{{name}}` filled from params (a missing one reads empty).
 */
export function componentTexts<T extends Tree>(ns: string, byLang: { en: T; zh: T }) {
  for (const lang of languages) i18n.addResourceBundle(lang, "translation", { [ns]: byLang[lang] }, true, true);
  // The shared texts' typed keys do not list a component's: its own key type checks them instead.
  const lookup = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
  return (lang: string, key: TextKey<T>, params: TextParams = {}): string =>
    lookup(`${ns}.${key}`, { lng: lang === "zh" ? "zh" : "en", missingInterpolationHandler: () => "", ...params });
}

/** The Accept-Language every call sends, so the server answers exports and texts in the user's language. */
export const acceptLanguageOf = (lang: Lang = currentLanguage()): string => (lang === "zh" ? "zh-CN" : "en");

export const antdLocaleOf = (lang: Lang) => (lang === "zh" ? zhCN : enUS);

/** Picks the text for the current language from a `{ en, zh }` pair (route titles, function names). */
export const pick = (text: { en: string; zh: string }, lang: Lang = currentLanguage()): string => text[lang];
