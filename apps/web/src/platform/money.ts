/** Money arrives from the server as integer cents; people read and type yuan. */
const formatter = new Intl.NumberFormat("zh-CN", { style: "currency", currency: "CNY", minimumFractionDigits: 2 });

/** 123456 → "¥1,234.56". */
export const formatCents = (cents: number): string => formatter.format(cents / 100);

/** Yuan as typed ("12.5") → cents (1250); NaN when it is not an amount with at most 2 decimals. */
export function centsOf(yuan: string | number): number {
  const text = String(yuan).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** Cents → yuan for an input (1250 → 12.5). */
export const yuanOf = (cents: number): number => cents / 100;
