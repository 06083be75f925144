/*
 * What other domains read of the system domain's records. They use this file (or system.service.ts), never
 * system.tables.ts or system.repository.ts.
 */

// --- people: files named by reference data and organisation records ---

/** Of `ids`, the organisation's uploaded files with their names. */
export { fileNames } from "./system.repository";

// --- end people ---
