import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The server's one direction of imports (docs/architecture.md):
 *   platform ← domains, and among the domains, each only on its own rank or lower:
 *   reference → organisation/shop → staff/members/suppliers → goods → catalogue → marketing → orders →
 *   after-sales → finance → dashboard.
 * A lower domain learns about a higher one only through a port it is handed (members' `RankUsage`), and so does the
 * platform about every domain: it neither imports a domain nor names a domain's table in its SQL (the identity tables
 * reach the session resolver as the identity domain's `IdentitySource`, the shop's state as `ShopStateSource`).
 * The audit log's words: each domain's `<domain>.words.ts` is imported by the domains-root index
 * (`domains/audit-words.ts`, which gathers them into one book) and by no other file; a domain never imports the index.
 * Test files (*.test.ts) are not checked: they assemble the whole app to arrange their cases.
 */

/** Rank of each domain folder under apps/server/src/domains; a folder missing here fails the check. */
const DOMAIN_RANKS: Record<string, number> = {
  // Reference data and the platform's own calls (files, versions, audit log).
  reference: 0,
  system: 0,
  // Accounts, organisations, employees, roles and manufacturers (the identity tables, declared and owned by
  // `identity`); the seller's organisation, shop, addresses, and the session in it.
  identity: 1,
  organization: 1,
  shop: 1,
  address: 1,
  session: 1,
  // People: staff, buyer members, suppliers.
  staff: 2,
  member: 2,
  supplier: 2,
  goods: 3,
  catalogue: 4,
  coupon: 5,
  promotion: 5,
  // Shop content: adverts, custom web content, media (videos); they point at goods and shops.
  advert: 5,
  content: 5,
  media: 5,
  orders: 6,
  aftersale: 7,
  evaluation: 7,
  invoice: 7,
  finance: 8,
  statement: 8,
  dashboard: 9,
};

/**
 * Platform files that may import a domain: none (any platform file that does fails the check). It stays empty:
 * the platform never imports domains.
 */
const PLATFORM_ALLOWED: string[] = [];

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports (types included) and dynamic imports. */
function importsOf(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1] as string);
  return found;
}

/** `src`-relative path of a relative import, or null for a package. */
const target = (from: string, spec: string) =>
  spec.startsWith(".")
    ? relative(SRC, resolve(dirname(from), spec))
        .split(sep)
        .join("/")
    : null;
/** The domain folder a file sits in; null outside `domains/`, and for the files at the domains' root (the words index). */
const domainOf = (srcPath: string) => {
  const parts = srcPath.split("/");
  return parts[0] === "domains" && parts.length > 2 ? (parts[1] ?? null) : null;
};

/** The domains-root index gathering every domain's words into one book: the one file that imports them all. */
const WORDS_INDEX = "domains/audit-words.ts";
/** Files at the root of `domains/` (beside the domain folders): the words index only. */
const DOMAINS_ROOT_FILES = ["audit-words.ts"];

interface Edge {
  file: string;
  from: string;
  to: string;
}

/** Imports from one domain folder into another, from the files under `src/domains`. */
function domainEdges(): Edge[] {
  return sourceFiles(join(SRC, "domains")).flatMap((path) => {
    const file = relative(SRC, path).split(sep).join("/");
    const from = domainOf(file);
    return importsOf(readFileSync(path, "utf8")).flatMap((spec) => {
      const t = target(path, spec);
      const to = t ? domainOf(t) : null;
      return from && to && to !== from ? [{ file, from, to }] : [];
    });
  });
}

/** Folder cycles among the domains (same-rank imports are allowed, circles are not). */
function cyclesOf(edges: Array<{ from: string; to: string }>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const cycles: string[][] = [];
  const visit = (node: string, path: string[]) => {
    for (const n of next.get(node) ?? []) {
      if (n === path[0]) cycles.push([...path, n]);
      else if (!path.includes(n) && n > (path[0] as string)) visit(n, [...path, n]);
    }
  };
  for (const start of next.keys()) visit(start, [start]);
  return cycles;
}

/** The domain (or `platform`) that declares each table: the owner map comes from the `pgTable("name"` declarations. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path).split(sep).join("/");
    for (const m of readFileSync(path, "utf8").matchAll(/\bpgTable\(\s*["']([a-z_][a-z0-9_]*)["']/g)) {
      owners.set(m[1] as string, domainOf(file) ?? "platform");
    }
  }
  return owners;
}

/** The code without its comments (block comments and whole-line or trailing `//` comments). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/[^\n]*/g, "$1");

/** Tables a piece of code names in SQL text: after FROM, JOIN, INTO, UPDATE or TABLE inside template literals. */
function sqlTablesOf(code: string): string[] {
  const found: string[] = [];
  for (const literal of withoutComments(code).matchAll(/`(?:\\.|[^`\\])*`/g)) {
    for (const m of literal[0].matchAll(/\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) found.push(m[1] as string);
  }
  return found;
}

/** A domain file's offences against the data walls: another domain's tables or repository imported, or its tables named in SQL. */
function wallOffences(file: string, code: string, owners: Map<string, string>): string[] {
  const from = domainOf(file);
  if (!from) return [];
  const path = join(SRC, file);
  const imports = importsOf(code).flatMap((spec) => {
    const t = target(path, spec);
    const to = t ? domainOf(t) : null;
    return to && to !== from && /\.(tables|repository)(\.js)?$/.test(t as string)
      ? [`${file} imports ${t} (the ${to} domain's ${/tables/.test(t as string) ? "tables" : "repository"})`]
      : [];
  });
  const named = [...new Set(sqlTablesOf(code))].flatMap((table) => {
    const owner = owners.get(table);
    return owner && owner !== "platform" && owner !== from ? [`${file} names table "${table}" (owned by ${owner}) in SQL`] : [];
  });
  return [...imports, ...named];
}

/**
 * A platform file's offences against the data walls: a domain's table named in its SQL, unless `allowed` lists it for
 * that file (importing a domain is refused above).
 */
function platformSqlOffences(file: string, code: string, owners: Map<string, string>): string[] {
  return [...new Set(sqlTablesOf(code))].flatMap((table) => {
    const owner = owners.get(table);
    return owner && owner !== "platform" ? [`${file} names table "${table}" (owned by ${owner}) in SQL`] : [];
  });
}

/** Every non-test file under domains/ with its offences. */
const allWallOffences = () => {
  const owners = tableOwners();
  return sourceFiles(join(SRC, "domains")).flatMap((path) =>
    wallOffences(relative(SRC, path).split(sep).join("/"), readFileSync(path, "utf8"), owners),
  );
};

/**
 * A file's offences against the words rule: a domain's (or the platform's) `*.words.ts` is imported only by the
 * domains-root index, or by a file of its own domain; and no domain file imports the index (the book reaches a domain
 * through the `Platform` it is bound with, never by importing every domain's words).
 */
function wordsOffences(file: string, code: string): string[] {
  const path = join(SRC, file);
  const from = domainOf(file);
  return importsOf(code).flatMap((spec) => {
    const t = target(path, spec)?.replace(/\.js$/, "") ?? null;
    if (t === null) return [];
    if (/\.words$/.test(t) && file !== WORDS_INDEX && (from === null || domainOf(t) !== from))
      return [`${file} imports ${t} (words are gathered by ${WORDS_INDEX} only)`];
    if (`${t}.ts` === WORDS_INDEX && from !== null) return [`${file} imports ${t} (a domain is handed the book, it does not import it)`];
    return [];
  });
}

/** The roles a domain file may have: `<name>.<role>.ts` (docs/architecture.md, "Inside a domain"). */
const FILE_ROLES = ["tables", "repository", "service", "routes", "machine", "view", "port", "jobs", "export", "rules", "words"];
const roleOf = (file: string) => /^[a-z0-9-]+\.([a-z]+)\.ts$/.exec(file.split("/").pop() as string)?.[1] ?? null;

describe("the server's import direction", () => {
  it("when a domain folder exists, then it has a rank in the domain order", () => {
    const folders = readdirSync(join(SRC, "domains")).filter((n) => statSync(join(SRC, "domains", n)).isDirectory());
    expect(folders.filter((f) => DOMAIN_RANKS[f] === undefined)).toEqual([]);
  });

  it("when a domain imports another, then the other is of its rank or lower (a higher one is reached through a port)", () => {
    const upward = domainEdges()
      .filter((e) => (DOMAIN_RANKS[e.to] ?? -1) > (DOMAIN_RANKS[e.from] ?? -1))
      .map((e) => `${e.file} imports domain "${e.to}" (rank ${DOMAIN_RANKS[e.to]}) from "${e.from}" (rank ${DOMAIN_RANKS[e.from]})`);
    expect(upward).toEqual([]);
  });

  it("when domains of one rank import each other, then no circle forms", () => {
    expect(cyclesOf(domainEdges())).toEqual([]);
  });

  it("when a platform file imports, then it never names a domain (except the listed files, until they are fixed)", () => {
    const offenders = sourceFiles(join(SRC, "platform")).flatMap((path) => {
      const file = relative(SRC, path).split(sep).join("/");
      return importsOf(readFileSync(path, "utf8")).some((spec) => (target(path, spec) ?? "").startsWith("domains/")) ? [file] : [];
    });
    expect(offenders.filter((f) => !PLATFORM_ALLOWED.includes(f))).toEqual([]);
  });

  it("when a platform file writes SQL, then it names no domain's table (a domain's rows reach it through a port it is handed)", () => {
    const owners = tableOwners();
    const offences = sourceFiles(join(SRC, "platform")).flatMap((path) =>
      platformSqlOffences(relative(SRC, path).split(sep).join("/"), readFileSync(path, "utf8"), owners),
    );
    expect(offences).toEqual([]);
  });

  it("when a platform file names a domain's table in SQL, then the check finds it and lets the platform's own tables and handed relations through (planted)", () => {
    const owners = new Map([
      ["member", "identity"],
      ["employee", "identity"],
      ["user_session", "platform"],
      ["audit_entry", "platform"],
      ["stored_file", "system"],
    ]);
    const planted = [
      "const q = sql`select s.id from user_session s join member m on m.id = s.member_id`;",
      `const handed = sql\`select s.id from user_session s join \${identity.accounts} m on m.id = s.member_id\`;`,
      "// left join employee e on e.id = s.employee_id (a comment, not SQL)",
      'const quoted = sql`update "employee" set enabled = false`;',
      "const log = sql`insert into audit_entry (bo_id) values (1)`;",
      "const file = sql`select name from stored_file where id = 1`;",
    ].join("\n");
    expect(platformSqlOffences("platform/auth/planted.ts", planted, owners)).toEqual([
      'platform/auth/planted.ts names table "member" (owned by identity) in SQL',
      'platform/auth/planted.ts names table "employee" (owned by identity) in SQL',
      'platform/auth/planted.ts names table "stored_file" (owned by system) in SQL',
    ]);
  });

  it("when the identity tables are declared, then the identity domain declares them and the platform keeps only its own", () => {
    const owners = tableOwners();
    const identity = ["member", "organization", "employee", "role", "role_function", "employee_role", "manufacturer"];
    expect(identity.map((t) => [t, owners.get(t)])).toEqual(identity.map((t) => [t, "identity"]));
    expect(["sys_function", "user_session", "buyer_session", "sms_code"].map((t) => owners.get(t))).toEqual([
      "platform",
      "platform",
      "platform",
      "platform",
    ]);
  });

  it("when a domain has a rank, then its folder exists (ranks of domains that are gone go too)", () => {
    const folders = new Set(readdirSync(join(SRC, "domains")).filter((n) => statSync(join(SRC, "domains", n)).isDirectory()));
    expect(Object.keys(DOMAIN_RANKS).filter((d) => !folders.has(d))).toEqual([]);
  });

  it("when a domain reaches another's data, then it goes through that domain's service or port, never its tables, repository or table names", () => {
    expect(allWallOffences()).toEqual([]);
  });

  it("when a foreign table is imported or named in SQL, then the wall check finds it (planted cases)", () => {
    const owners = new Map([
      ["order_info", "orders"],
      ["goods", "goods"],
      ["user_session", "platform"],
    ]);
    const planted = [
      'import { orderInfo } from "../orders/orders.tables";',
      'import * as orders from "../orders/orders.repository";',
      "const q = sql`select count(*) from order_info o join goods g on g.id = o.goods_id`;",
      'const own = sql`select 1 from "goods" where id = 1`; // reads goods from the goods table',
      "const platform = sql`select 1 from user_session`;",
      'import { thing } from "../orders/orders.port";',
    ].join("\n");
    expect(wallOffences("domains/goods/planted.repository.ts", planted, owners)).toEqual([
      "domains/goods/planted.repository.ts imports domains/orders/orders.tables (the orders domain's tables)",
      "domains/goods/planted.repository.ts imports domains/orders/orders.repository (the orders domain's repository)",
      'domains/goods/planted.repository.ts names table "order_info" (owned by orders) in SQL',
    ]);
    expect(sqlTablesOf("// comment: select from order_info\nconst x = `insert into goods (a) values (1)`;")).toEqual(["goods"]);
  });

  it("when a state machine imports, then it names nothing that serves HTTP (Fastify, routes, the HTTP pipeline)", () => {
    const serving = (spec: string, t: string | null) =>
      spec === "fastify" ||
      spec.startsWith("@fastify/") ||
      (t !== null && (/\.routes$/.test(t) || (t.startsWith("platform/http/") && t !== "platform/http/errors")));
    const offenders = sourceFiles(join(SRC, "domains"))
      .filter((path) => path.endsWith(".machine.ts"))
      .flatMap((path) =>
        importsOf(readFileSync(path, "utf8")).flatMap((spec) => {
          const t = target(path, spec)?.replace(/\.js$/, "") ?? null;
          return serving(spec, t) ? [`${relative(SRC, path).split(sep).join("/")} imports ${t ?? spec}`] : [];
        }),
      );
    expect(offenders).toEqual([]);
  });

  it("when a file sits in a domain, then its name says its role", () => {
    const odd = sourceFiles(join(SRC, "domains"))
      .map((path) => relative(join(SRC, "domains"), path).split(sep).join("/"))
      .filter((file) => !FILE_ROLES.includes(roleOf(file) ?? "") && !DOMAINS_ROOT_FILES.includes(file));
    expect(odd).toEqual([]);
    expect(["goods/goods.service.ts", "orders/checkout.ts", "goods/goods.checks.ts"].map(roleOf)).toEqual(["service", null, "checks"]);
  });

  it("when a file imports audit words, then it is the words index or the words are its own domain's", () => {
    const offences = sourceFiles(SRC).flatMap((path) => {
      const file = relative(SRC, path).split(sep).join("/");
      return wordsOffences(file, readFileSync(path, "utf8"));
    });
    expect(offences).toEqual([]);
  });

  it("when a domain imports another domain's words or the words index, then the words check finds it (planted cases)", () => {
    const planted = [
      'import { ordersWords } from "../orders/orders.words";',
      'import { goodsWords } from "./goods.words";',
      'import { auditWords } from "../audit-words";',
      'import { templatesWords } from "../../platform/templates/templates.words";',
    ].join("\n");
    expect(wordsOffences("domains/goods/planted.service.ts", planted)).toEqual([
      "domains/goods/planted.service.ts imports domains/orders/orders.words (words are gathered by domains/audit-words.ts only)",
      "domains/goods/planted.service.ts imports domains/audit-words (a domain is handed the book, it does not import it)",
      "domains/goods/planted.service.ts imports platform/templates/templates.words (words are gathered by domains/audit-words.ts only)",
    ]);
    expect(wordsOffences("platform/db/planted.ts", 'import { goodsWords } from "../../domains/goods/goods.words";')).toEqual([
      "platform/db/planted.ts imports domains/goods/goods.words (words are gathered by domains/audit-words.ts only)",
    ]);
    expect(wordsOffences(WORDS_INDEX, 'import { goodsWords } from "./goods/goods.words";')).toEqual([]);
    expect(wordsOffences("app.ts", 'import { auditWords } from "./domains/audit-words";')).toEqual([]);
    expect([domainOf("domains/audit-words.ts"), domainOf("domains/goods/goods.words.ts"), domainOf("platform/db/audit.ts")]).toEqual([
      null,
      "goods",
      null,
    ]);
  });

  it("when the check reads imports, then it sees imports, type imports, re-exports and dynamic imports, and finds circles", () => {
    const code = `import { a } from "../x/a";\nimport type { B } from '../y/b';\nexport { c } from "../z/c";\nimport "./side";\nconst d = await import("../w/d");`;
    expect(importsOf(code).sort()).toEqual(["../w/d", "../x/a", "../y/b", "../z/c", "./side"]);
    expect(
      cyclesOf([
        { from: "a", to: "b" },
        { from: "b", to: "a" },
      ]),
    ).toEqual([["a", "b", "a"]]);
  });
});
