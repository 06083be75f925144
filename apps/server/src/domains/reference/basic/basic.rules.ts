import { createHash } from "node:crypto";

/** The version of a bundle of basic data: a digest of its content, so it changes exactly when the data does. */
export const versionOf = (data: unknown) => createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 22);
