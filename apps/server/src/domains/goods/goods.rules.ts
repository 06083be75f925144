/**
 * The goods domain's rules that need no database (docs/domains/goods.md): the SKUs a set of specs makes, the one
 * unit-price function checkout uses, ladder tiers, and first-expiry-first-out over batches. Pure, so each is tested as
 * a table of cases and the services and the orders issue call the same code.
 */

/** A spec dimension: its name and its values in the seller's order (e.g. weight: 500 g, 1 kg). */
export interface SpecDimension {
  name: string;
  values: readonly string[];
}

/** At most 3 dimensions of at most 20 values each: 8,000 SKUs is the ceiling of one item. */
export const MAX_SPEC_DIMENSIONS = 3;
export const MAX_SPEC_VALUES = 20;

/**
 * Every combination of one value per dimension, in dimension order (the first dimension varies slowest, as a
 * seller reads the SKU grid). No dimensions: one SKU with no values.
 */
export function skuCombinations(specs: readonly SpecDimension[]): string[][] {
  return specs.reduce<string[][]>((combos, dim) => combos.flatMap((c) => dim.values.map((v) => [...c, v])), [[]]);
}

/** A combination's identity (its values joined by a character no value holds), for matching SKUs across edits. */
export const comboKey = (values: readonly string[]) => values.join("\u001f");

/**
 * What an edit of the specs does to the existing SKUs: those whose combination still exists are kept (their stock,
 * batches and prices stay), new combinations are added, the rest retired (kept for orders' history).
 */
export function reconcileSkus<T extends { specValues: readonly string[] }>(existing: readonly T[], specs: readonly SpecDimension[]) {
  const wanted = skuCombinations(specs);
  const byKey = new Map(existing.map((s) => [comboKey(s.specValues), s]));
  const wantedKeys = new Set(wanted.map(comboKey));
  return {
    kept: wanted.flatMap((c) => byKey.get(comboKey(c)) ?? []),
    added: wanted.filter((c) => !byKey.has(comboKey(c))),
    retired: existing.filter((s) => !wantedKeys.has(comboKey(s.specValues))),
  };
}

/** A ladder tier: from `minQuantity` pieces on, each costs `price` cents. */
export interface LadderTier {
  minQuantity: number;
  price: number;
}

/** Why a ladder is refused, by the tier's index (the form names the field), or null when it is sound. */
export type LadderProblem =
  | { index: number; problem: "tooMany" }
  | { index: number; problem: "minQuantityNotAscending" }
  | { index: number; problem: "priceNotDescending" }
  | { index: number; problem: "notBelowPrice" };

export const MAX_LADDER_TIERS = 5;

/** Ladder tiers: 1–5, minimum quantities strictly ascending from 2, prices strictly descending and below the SKU price. */
export function ladderProblem(tiers: readonly LadderTier[], skuPrice: number): LadderProblem | null {
  if (tiers.length > MAX_LADDER_TIERS) return { index: MAX_LADDER_TIERS, problem: "tooMany" };
  for (const [index, tier] of tiers.entries()) {
    const before = tiers[index - 1];
    if (tier.minQuantity < 2 || (before && tier.minQuantity <= before.minQuantity)) return { index, problem: "minQuantityNotAscending" };
    if (tier.price >= skuPrice) return { index, problem: "notBelowPrice" };
    if (before && tier.price >= before.price) return { index, problem: "priceNotDescending" };
  }
  return null;
}

/** What decides a unit price: the SKU's price, its member prices by rank, its ladder, and the buyer's rank. */
export interface PriceInputs {
  /** The SKU's price in cents. */
  price: number;
  /** Cents per rank id, for this SKU. */
  memberPrices: ReadonlyMap<string, number>;
  ladder: readonly LadderTier[];
  /** The buyer's rank in this shop, if any, with its discount in basis points (9500: pays 95 %). */
  rank: { id: string; discountBp: number } | null;
  quantity: number;
}

/** Where the unit price came from, so checkout can show it ("member price", "from 10 pieces"). */
export type PriceSource = "price" | "memberPrice" | "rankDiscount" | "ladder";

/**
 * The one unit price (cents) of a SKU for a buyer and quantity: the lowest of the SKU's price, the member price for
 * the buyer's rank (or, only when the SKU has no member price for that rank, the rank's discount on the price, rounded
 * half up to a cent), and the ladder tier the quantity reaches. Ties keep the earlier source in that order.
 */
export function unitPrice(p: PriceInputs): { price: number; source: PriceSource } {
  if (!Number.isInteger(p.quantity) || p.quantity < 1) throw new RangeError("quantity must be a positive integer");
  const candidates: { price: number; source: PriceSource }[] = [{ price: p.price, source: "price" }];
  if (p.rank) {
    const member = p.memberPrices.get(p.rank.id);
    if (member !== undefined) candidates.push({ price: member, source: "memberPrice" });
    else if (p.rank.discountBp < 10_000)
      candidates.push({ price: Math.round((p.price * p.rank.discountBp) / 10_000), source: "rankDiscount" });
  }
  const tier = [...p.ladder].reverse().find((t) => p.quantity >= t.minQuantity);
  if (tier) candidates.push({ price: tier.price, source: "ladder" });
  return candidates.reduce((best, c) => (c.price < best.price ? c : best));
}

/** A fresh batch as FEFO sees it. */
export interface Batch {
  id: string;
  left: number;
  /** The last day it may be sold, as YYYY-MM-DD in the shop's time zone. */
  expiresOn: string;
}

/** Batches still sellable on `today` (YYYY-MM-DD, the shop's date): expiring today is still sellable. */
export const sellable = (batches: readonly Batch[], today: string) => batches.filter((b) => b.left > 0 && b.expiresOn >= today);

/** The stock of a fresh SKU: what is left in its unexpired batches. */
export const freshStock = (batches: readonly Batch[], today: string) => sellable(batches, today).reduce((n, b) => n + b.left, 0);

/**
 * Which batches give how much for `quantity`, earliest expiry first (ties: the batch listed first), or null when the
 * unexpired batches hold less: then nothing is taken. The caller locks the rows and writes the takes in one transaction.
 */
export function takeFefo(batches: readonly Batch[], quantity: number, today: string): { batchId: string; quantity: number }[] | null {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError("quantity must be a positive integer");
  const order = sellable(batches, today)
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (x.b.expiresOn < y.b.expiresOn ? -1 : x.b.expiresOn > y.b.expiresOn ? 1 : x.i - y.i));
  const takes: { batchId: string; quantity: number }[] = [];
  let wanted = quantity;
  for (const { b } of order) {
    if (wanted === 0) break;
    const take = Math.min(b.left, wanted);
    takes.push({ batchId: b.id, quantity: take });
    wanted -= take;
  }
  return wanted === 0 ? takes : null;
}

/** A package's sellable quantity: its limit and what each part's stock allows. */
export function packageAvailable(limit: number | null, parts: readonly { stock: number; quantity: number; onShelf: boolean }[]): number {
  const byParts = parts.reduce((n, p) => Math.min(n, p.onShelf ? Math.floor(p.stock / p.quantity) : 0), Number.MAX_SAFE_INTEGER);
  return Math.max(0, Math.min(limit ?? Number.MAX_SAFE_INTEGER, parts.length ? byParts : 0));
}
