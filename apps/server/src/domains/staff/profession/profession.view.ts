import type { profession } from "../staff.tables";

/** A profession as the contract shows it: standard ones belong to no organisation. */
export const professionOut = (p: typeof profession.$inferSelect) => ({
  id: p.id,
  name: p.name,
  nameEn: p.nameEn,
  standard: p.boId === null,
});
