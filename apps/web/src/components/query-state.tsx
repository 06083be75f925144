import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadFailed } from "@/components/load-failed";

/**
 * The one way a screen shows a record it loads: while it loads, the busy frame the layout keeps (no spinner, nothing
 * blinks); when the load fails, what failed (`failed`), the server's message and Retry; else `children` with the record.
 * A later refetch that fails (after a save elsewhere invalidated it) keeps the record and what the user was editing.
 */
export function QueryState<T>({ query, failed, children }: { query: UseQueryResult<T>; failed: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <div className="list-page" aria-busy="true" />;
  if (query.isLoadingError) return <LoadFailed title={failed} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
