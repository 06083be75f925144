import type { Issue } from "@sbo/contract/common";
import { issuesOf, issueText } from "@/components/form";

/**
 * The sentences of a refused price grid's field issues, each naming its cell ("Gold price for 500 g must be below
 * the SKU's price"); `labelOf` names the cell of an issue's path. Empty when the refusal is not about fields.
 */
export function priceIssueTexts(error: unknown, labelOf: (path: (string | number)[]) => string | undefined): string[] {
  return issuesOf(error).map((issue: Issue) => issueText(issue, labelOf));
}
