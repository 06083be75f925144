/** Integer cents as the yuan figure a refusal's parameters carry ("132.21"): the web words the currency. */
export const yuan = (cents: number): string => (cents / 100).toFixed(2);
