import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Database } from "../platform/db/client";

/**
 * Watches every statement the app sends to the test database, transactions included (their begin and commit too):
 * on PostgreSQL each pooled connection's `query`, on PGlite the handle's and each transaction's `query` and `exec` (and
 * the transaction's own begin and commit).
 * `texts` holds the SQL of each, in order, since the last `reset()`. A statement run inside the database by a trigger
 * is not one sent, so not counted: what this counts is the round trips a call costs.
 */
export function watchStatements(database: Database) {
  const texts: string[] = [];
  const textOf = (first: unknown) =>
    (typeof first === "string" ? first : String((first as { text?: unknown } | null)?.text ?? "")).replace(/\s+/g, " ").trim();
  const counted = <T extends object>(target: T, methods: string[]) => {
    for (const method of methods) {
      const own = (target as Record<string, unknown>)[method];
      if (typeof own !== "function") continue;
      (target as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        texts.push(textOf(args[0]));
        return (own as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  };
  if (database.kind === "postgres") {
    // Every connection the pool hands out (pool.query takes one too), counted once per connection.
    const pool = (database.db as unknown as { $client: { connect: (...a: unknown[]) => unknown } }).$client;
    const seen = new WeakSet<object>();
    const connect = pool.connect.bind(pool);
    const watch = (client: unknown) => {
      if (client && typeof client === "object" && !seen.has(client)) {
        seen.add(client);
        counted(client, ["query"]);
      }
      return client;
    };
    pool.connect = (...args: unknown[]) => {
      const callback = args[0];
      if (typeof callback === "function")
        return connect((err: unknown, client: unknown, done: unknown) =>
          (callback as (...a: unknown[]) => unknown)(err, watch(client), done),
        );
      return (connect() as Promise<unknown>).then(watch);
    };
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    counted(client, ["query", "exec"]);
    const transaction = client.transaction.bind(client);
    // PGlite sends a transaction's BEGIN and COMMIT itself, not through `query`: they are counted here.
    client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
      transaction(async (tx) => {
        texts.push("begin");
        counted(tx, ["query", "exec"]);
        try {
          const result = await fn(tx);
          texts.push("commit");
          return result;
        } catch (err) {
          texts.push("rollback");
          throw err;
        }
      })) as PGlite["transaction"];
  }
  return {
    texts,
    reset: () => {
      texts.length = 0;
    },
  };
}
