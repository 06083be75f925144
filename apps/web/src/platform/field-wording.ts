import { issueSentence } from "@sbo/contract/field-issues";
import { fieldWord, refusalWords } from "@sbo/contract/field-words";

export { fieldWord };

import type { Lang, Params } from "@sbo/contract/refusals";

/*
 * A refusal that names a field, in seller words (contract field-words.ts): a chunk of its own that api-client.ts loads
 * the first time such a refusal arrives, so that the dictionary (every seller input key in two languages) is not part
 * of every first load.
 */

/** The first field issue of a 400 answer (`data.issues`), when it is one. */
function firstIssue(data: unknown) {
  const issues = typeof data === "object" && data !== null && "issues" in data ? data.issues : undefined;
  const first: unknown = Array.isArray(issues) ? issues[0] : undefined;
  if (typeof first !== "object" || first === null || !("path" in first) || typeof first.path !== "string") return undefined;
  const f = first as { path: string; message?: unknown; reason?: unknown; params?: unknown };
  return {
    path: f.path,
    message: typeof f.message === "string" ? f.message : "",
    ...(typeof f.reason === "string" ? { reason: f.reason } : {}),
    ...(typeof f.params === "object" && f.params !== null ? { params: f.params as Params } : {}),
  };
}

/**
 * A declared refusal with its field (`params.field`, a contract key) in seller words; or, for bad input outside a
 * form, its first issue naming the field in seller words. Undefined when neither applies.
 */
export function wordedRefusal(
  envelope: { code: string; reason?: string | undefined; params?: Params | undefined; data?: unknown },
  badInput: string,
  lang: Lang,
): string | undefined {
  if (envelope.reason && typeof envelope.params?.field === "string") return refusalWords(envelope.reason, lang, envelope.params);
  const issue = envelope.code === badInput ? firstIssue(envelope.data) : undefined;
  return issue ? issueSentence(issue, fieldWord(issue.path, lang) ?? issue.path, lang) : undefined;
}
