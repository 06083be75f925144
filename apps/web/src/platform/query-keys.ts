/**
 * Per-domain query-key factory: `all / lists / list / details / detail`. Mutations invalidate
 * `lists()` (or `all`) of their domain so every list on screen refreshes.
 */
export function queryKeys<const D extends string>(domain: D) {
  return {
    all: [domain] as const,
    lists: () => [domain, "list"] as const,
    list: (name: string, params: object) => [domain, "list", name, params] as const,
    details: () => [domain, "detail"] as const,
    detail: (id: string) => [domain, "detail", id] as const,
  };
}
