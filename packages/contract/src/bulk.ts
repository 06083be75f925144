import { z } from "zod";
import { id } from "./common";

/*
 * What a bulk action (put on shelf, take off shelf, delete… on the rows chosen in a list) answers: which rows it
 * changed, and for each row it did not change its name and why, as a declared refusal (refusals.ts) that the web
 * words in the seller's language and shows beside a link to the row (apps/web/src/components/bulk-report.tsx).
 */

/** A row the action did not change: its id, its name as the seller knows it, and why (a refusal's key and values). */
export const bulkRefused = z.object({
  id,
  /** "" when the row was not found (deleted meanwhile, or never the caller's). */
  name: z.string(),
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BulkRefused = z.infer<typeof bulkRefused>;

/** The one report of a bulk action: `done` the ids changed, `refused` every other chosen id with its reason. */
export const bulkReport = z.object({ done: z.array(id), refused: z.array(bulkRefused) });
export type BulkReport = z.infer<typeof bulkReport>;
