import { z } from "zod";
import { fieldRefusals, rule } from "./field-issues";

/**
 * An area code of the national administrative division list (GB/T 2260, 6 digits): a province's code ends
 * in 0000, a city's in 00, a district's (county's) in neither.
 */
export const areaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, rule(fieldRefusals.areaCode));

/**
 * An area with its path from the province down, in both languages. The national data has Chinese names
 * only, so `nameEn` is the Chinese name too (see docs/domains/reference.md).
 */
export const areaRef = z.object({ code: z.string(), codes: z.array(z.string()), name: z.string(), nameEn: z.string() });
