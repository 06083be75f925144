import { QueryClient } from "@tanstack/react-query";
import { ApiError, setWriteListener } from "./api-client";

/** Errors the server answered are final; only failures without an answer are worth one retry. */
const retry = (failures: number, error: unknown) => !(error instanceof ApiError && error.status !== 0) && failures < 1;

/** Cached answers no seller's write changes: the platform's reference data (areas, categories, units, dictionaries). */
const UNCHANGED_BY_WRITES = new Set(["reference"]);

/**
 * After a write: every cached answer but the reference data is marked stale without being fetched again. The screen
 * that wrote refreshes what it shows itself (its domain's `useInvalidate…`); any other screen refetches when it is
 * next opened instead of showing, for up to `staleTime`, an answer the write has changed (an after-sale refunded,
 * then the invoice list; an order shipped, then the home's to-dos).
 */
export function markStaleAfterWrite(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ refetchType: "none", predicate: (q) => !UNCHANGED_BY_WRITES.has(String(q.queryKey[0])) });
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  setWriteListener(() => void markStaleAfterWrite(client));
  return client;
}
