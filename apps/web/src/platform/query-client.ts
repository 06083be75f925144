import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/** Errors the server answered are final; only failures without an answer are worth one retry. */
const retry = (failures: number, error: unknown) => !(error instanceof ApiError && error.status !== 0) && failures < 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
