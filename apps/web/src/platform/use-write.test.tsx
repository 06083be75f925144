import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/test/render";
import { useWrite, type Write } from "./use-write";

/** Renders a screen holding one `useWrite(["member"])` and hands it out, as it is after each render. */
function withWrite() {
  const held: { write?: Write } = {};
  function Probe() {
    held.write = useWrite(["member"]);
    return <span>{held.write.pending ? "writing" : "idle"}</span>;
  }
  const { queryClient } = renderScreen(<Probe />);
  const write = () => {
    if (!held.write) throw new Error("not rendered");
    return held.write;
  };
  return { write, queryClient };
}

describe("useWrite", () => {
  it("runs the call, refreshes the queries under its keys, hands the answer to `after`, then says `done`; pending while it runs", async () => {
    const { write, queryClient } = withWrite();
    queryClient.setQueryData(["member", "list", {}], { list: [] });
    queryClient.setQueryData(["orders", "list", {}], { list: [] });
    const order: string[] = [];
    let answer: (out: { name: string }) => void = () => {};
    let went: Promise<boolean> = Promise.resolve(false);
    act(() => {
      went = write()(
        () => new Promise<{ name: string }>((resolve) => (answer = resolve)),
        (out) => {
          order.push(`refreshed: ${queryClient.getQueryState(["member", "list", {}])?.isInvalidated}`);
          return `Saved ${out.name}`;
        },
        (out) => order.push(`after ${out.name}, refreshed: ${queryClient.getQueryState(["member", "list", {}])?.isInvalidated}`),
      );
    });
    expect(await screen.findByText("writing")).toBeTruthy();
    await act(async () => answer({ name: "Gold" }));
    expect(await went).toBe(true);
    expect(order).toEqual(["after Gold, refreshed: true", "refreshed: true"]);
    expect(await screen.findByText("Saved Gold")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("idle")).toBeTruthy());
    // Only what is under its keys.
    expect(queryClient.getQueryState(["orders", "list", {}])?.isInvalidated).toBe(false);
  });

  it("when the call is refused, then it answers false, refreshes nothing and says nothing (call() showed the refusal)", async () => {
    const { write, queryClient } = withWrite();
    queryClient.setQueryData(["member", "list", {}], { list: [] });
    let after = false;
    let went: Promise<boolean> = Promise.resolve(true);
    act(() => {
      went = write()(
        () => Promise.reject(new Error("refused")),
        "Saved",
        () => (after = true),
      );
    });
    expect(await went).toBe(false);
    expect(after).toBe(false);
    expect(queryClient.getQueryState(["member", "list", {}])?.isInvalidated).toBe(false);
    expect(screen.queryByText("Saved")).toBeNull();
  });
});

/**
 * Issue 26 §4: a screen writes through `useWrite` only — the write, the refresh of what shows it, the notice. No file of
 * a feature or of the shared components refreshes queries by hand (`invalidateQueries`). What refreshes for another
 * reason stays in the platform: the marking after any write (query-client.ts), the order events the server pushes
 * (order-live.ts), a shop switch (session/use-shop-changed.ts) and useWrite itself.
 */
const src = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The lines (from 1) of a source that name `invalidateQueries` outside comments. */
function invalidationsIn(source: string): number[] {
  const code = source
    // Block comments, kept as many lines as they took.
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ""))
    // Line comments (not the `//` of a URL inside a string, which follows a colon).
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
  return code.split("\n").flatMap((line, i) => (/\binvalidateQueries\b/.test(line) ? [i + 1] : []));
}

describe("a screen refreshes after its writes through useWrite only", () => {
  it("finds a call of invalidateQueries, on one line or over two, and a name in brackets; not a comment or a useWrite", () => {
    expect(invalidationsIn('await client.invalidateQueries({ queryKey: ["orderPush"] });')).toEqual([1]);
    expect(invalidationsIn("const a = 1;\nawait client\n  .invalidateQueries({ queryKey: keys.all });")).toEqual([3]);
    expect(invalidationsIn('void client["invalidateQueries"]({ queryKey: keys.all });')).toEqual([1]);
    expect(
      invalidationsIn("// invalidateQueries is the platform's\n/* nor\n invalidateQueries */ const write = useWrite(keys.all);"),
    ).toEqual([]);
    expect(invalidationsIn('const url = "https://example.com"; client.invalidateQueries();')).toEqual([1]);
  });

  it("when a file under features/ or components/ calls invalidateQueries, then it is named here", () => {
    const files = ["features", "components"].flatMap((dir) => sources(join(src, dir)));
    // The scan reads the files it should (a wrong folder would pass with nothing read).
    expect(files.map((f) => relative(src, f))).toContain(join("components", "form-drawer.tsx"));
    expect(files.length).toBeGreaterThan(200);
    const offenders = files.flatMap((file) => invalidationsIn(readFileSync(file, "utf8")).map((line) => `${relative(src, file)}:${line}`));
    expect(offenders).toEqual([]);
  });
});
