import { globSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Call, contract } from "@sbo/contract";
import ts from "typescript";

/**
 * Which contract calls a web screen calls, read from the sources (`npm run spec:coverage`'s "called by a screen"
 * column, and `src/screen-calls.test.ts`, which keeps every call either called or given a reason in
 * docs/uncalled-calls.md).
 *
 * A call counts when a non-test source under `src/` names it in a value position: the entry is reached from a
 * binding imported from `@sbo/contract…` through property reads, whatever the names on the way: a namespace import
 * (`import * as c from "@sbo/contract/goods"; c.goods.selX`), a domain imported under any alias
 * (`import { orderDesk as desk }`), a local object of domains (`const contract = { session, staff }`), a domain or
 * call kept in a constant or destructured (`const { selX } = goods`). The chain is evaluated against the contract's
 * real objects, so a name that only looks like a call (another object's `.selX`, a string) does not count, and a
 * mention in a type (`InputOf<typeof c.goods.selX>`) does not either: that screen never makes the call.
 */

export interface CallName {
  /** `domain.key` as the contract index names it. */
  name: string;
  path: string;
}

/** Every call of the contract, by path. */
export function contractCalls(): Map<string, CallName> {
  const byPath = new Map<string, CallName>();
  for (const [domain, calls] of Object.entries(contract))
    for (const [key, call] of Object.entries(calls as Record<string, Call>))
      byPath.set(call.path, { name: `${domain}.${key}`, path: call.path });
  return byPath;
}

const isCall = (v: unknown): v is Call =>
  typeof v === "object" && v !== null && typeof (v as Call).path === "string" && "input" in v && "output" in v && "access" in v;
const domains = new Set<unknown>(Object.values(contract));
const isDomain = (v: unknown): boolean => domains.has(v);

export interface ScreenCalls {
  /** Path → the files (relative to the web app) that call it. */
  called: Map<string, string[]>;
  /**
   * Places where a whole domain object is handed on as a value (an argument, a return value), where the calls made
   * through it cannot be read: the test keeps this empty so the column stays sound.
   */
  opaque: string[];
}

/** The web app's sources a screen may run: every .ts/.tsx under src/ except tests and test helpers. */
export function screenSources(webRoot: string): string[] {
  return globSync("src/**/*.{ts,tsx}", { cwd: webRoot })
    .filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith("src/test/"))
    .sort();
}

export async function findScreenCalls(webRoot: string): Promise<ScreenCalls> {
  const called = new Map<string, string[]>();
  const opaque: string[] = [];
  const modules = new Map<string, Record<string, unknown>>();
  const load = async (specifier: string) => {
    let m = modules.get(specifier);
    if (!m) {
      m = (await import(specifier)) as Record<string, unknown>;
      modules.set(specifier, m);
    }
    return m;
  };

  for (const file of screenSources(webRoot)) {
    const text = readFileSync(resolve(webRoot, file), "utf8");
    if (!text.includes("@sbo/contract")) continue;
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const bindings = new Map<string, unknown>();
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!specifier.startsWith("@sbo/contract") || !clause || clause.isTypeOnly) continue;
      const module = await load(specifier);
      const named = clause.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, module);
      else if (named)
        for (const element of named.elements)
          if (!element.isTypeOnly) bindings.set(element.name.text, module[(element.propertyName ?? element.name).text]);
    }
    if (!bindings.size) continue;

    const evaluate = (node: ts.Expression): unknown => {
      if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node))
        return evaluate(node.expression);
      if (ts.isIdentifier(node)) return bindings.get(node.text);
      if (ts.isPropertyAccessExpression(node)) return member(evaluate(node.expression), node.name.text);
      if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
        return member(evaluate(node.expression), node.argumentExpression.text);
      if (ts.isObjectLiteralExpression(node)) {
        const value: Record<string, unknown> = {};
        for (const p of node.properties) {
          if (ts.isShorthandPropertyAssignment(p)) value[p.name.text] = bindings.get(p.name.text);
          else if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)))
            value[p.name.text] = evaluate(p.initializer);
          else if (ts.isSpreadAssignment(p)) Object.assign(value, evaluate(p.expression) ?? {});
        }
        return Object.values(value).some((v) => v !== undefined) ? value : undefined;
      }
      return undefined;
    };
    const member = (base: unknown, key: string) =>
      typeof base === "object" && base !== null && Object.hasOwn(base, key) ? (base as Record<string, unknown>)[key] : undefined;

    const record = (call: Call) => {
      const files = called.get(call.path) ?? [];
      if (!files.includes(file)) files.push(file);
      called.set(call.path, files);
    };
    const inType = (node: ts.Node) => {
      for (let n: ts.Node | undefined = node.parent; n; n = n.parent)
        if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return true;
      return false;
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) return;
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const value = evaluate(node.initializer);
        if (value !== undefined) {
          if (ts.isIdentifier(node.name)) bindings.set(node.name.text, value);
          else if (ts.isObjectBindingPattern(node.name))
            for (const element of node.name.elements) {
              const key = element.propertyName ?? element.name;
              if (ts.isIdentifier(element.name) && (ts.isIdentifier(key) || ts.isStringLiteralLike(key))) {
                const v = member(value, key.text);
                bindings.set(element.name.text, v);
                if (isCall(v)) record(v);
              }
            }
          // A chain is a name for what the constant holds: its uses are read, not the chain. An object literal may
          // also hold calls handed on (`{ entry: c.goods.selX }`): those are read where they stand.
          if (ts.isObjectLiteralExpression(node.initializer)) visit(node.initializer);
          return;
        }
      }
      if (
        (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
        !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
        !((ts.isPropertyAccessExpression(node.parent) || ts.isElementAccessExpression(node.parent)) && node.parent.expression === node) &&
        !ts.isShorthandPropertyAssignment(node.parent) &&
        !inType(node)
      ) {
        // The top of a chain of reads: the call is the outermost link that is one (`c.goods.selX.path` names it too).
        const value = evaluate(node);
        let link: ts.Expression = node;
        let call: Call | undefined;
        for (;;) {
          const v = evaluate(link);
          if (isCall(v)) call = v;
          if (!(ts.isPropertyAccessExpression(link) || ts.isElementAccessExpression(link))) break;
          link = link.expression;
        }
        if (call) record(call);
        else if (typeof value === "object" && value !== null && (isDomain(value) || Object.values(value).some(isDomain)))
          opaque.push(at(node));
        if (value !== undefined || call) return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { called, opaque };
}

export interface UncalledEntry {
  name: string;
  path: string;
  reason: string;
  line: number;
}

/**
 * The table of docs/uncalled-calls.md: rows of `domain.key` | `path` | reason. A row without a path in backticks
 * (the header, the separator) is not an entry.
 */
export function readUncalledList(markdown: string): UncalledEntry[] {
  const entries: UncalledEntry[] = [];
  markdown.split("\n").forEach((line, i) => {
    if (!line.startsWith("|")) return;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    const path = cells[1]?.match(/^`(\/api\/[^`]+)`$/)?.[1];
    if (!path) return;
    entries.push({ name: cells[0]?.match(/^`([^`]+)`$/)?.[1] ?? "", path, reason: cells[2] ?? "", line: i + 1 });
  });
  return entries;
}

export interface CallCoverage {
  /** Calls neither called by a screen nor listed with a reason. */
  neither: CallName[];
  /** Listed rows that name no call of the contract, or name it wrongly, or give no reason. */
  badRows: string[];
  /** Listed calls a screen now calls: the row can go. */
  listedButCalled: CallName[];
}

export function callCoverage(calls: CallName[], screen: ScreenCalls, listed: UncalledEntry[]): CallCoverage {
  const all = contractCalls();
  const byPath = new Map(listed.map((e) => [e.path, e]));
  const badRows: string[] = [];
  for (const e of listed) {
    const c = all.get(e.path);
    if (!c) badRows.push(`line ${e.line}: ${e.path} is no call of the contract`);
    else if (c.name !== e.name) badRows.push(`line ${e.line}: ${e.path} is ${c.name}, the row says ${e.name || "nothing"}`);
    if (!e.reason) badRows.push(`line ${e.line}: ${e.path} gives no reason`);
  }
  return {
    neither: calls.filter((c) => !screen.called.has(c.path) && !byPath.has(c.path)),
    badRows,
    listedButCalled: calls.filter((c) => screen.called.has(c.path) && byPath.has(c.path)),
  };
}
