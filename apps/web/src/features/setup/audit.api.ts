import * as contract from "@sbo/contract/session";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { firstPageRequest, listPageQuery } from "@/components/list-page";
import { call } from "@/platform/api-client";
import type { Lang } from "@/platform/i18n";
import { auditKeys } from "./audit-log-record";

/** The members who wrote in the log (the member filter's choices). */
export const auditMembersQuery = () =>
  queryOptions({
    queryKey: [...auditKeys.all, "members"],
    queryFn: ({ signal }) => call(contract.system.selAuditLogMembers, {}, { notify: false, signal }),
  });

/** The log's query-key prefix: worded in the reader's language, so fetched again on a switch. */
export const auditListKey = (lang: Lang) => [...auditKeys.lists(), lang];

/** The log's first queries (its member filter, its first page with no filter), as the setup screen opens. */
export function prefetchAuditLog(client: QueryClient, lang: Lang, search: URLSearchParams): void {
  void client.prefetchQuery(auditMembersQuery());
  if ([...search.keys()].some((key) => key.startsWith("audit."))) return;
  void client.prefetchQuery(listPageQuery(contract.system.selAuditLogByPage, auditListKey(lang), firstPageRequest({})));
}
