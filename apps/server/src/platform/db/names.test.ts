import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { role } from "../../domains/identity/identity.tables";
import { createTestApp, type TestApp } from "../../test/harness";
import { newId } from "./ids";
import { nameTaken } from "./names";

let t: TestApp;
const boId = newId();
const gold = newId();
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  await t.db.insert(role).values([
    { id: gold, boId, name: "Gold", description: "desk" },
    { id: newId(), boId: newId(), name: "Silver", description: "desk" },
  ]);
});
afterAll(() => t.close());

it("a name is taken by another of the organisation's records in any case, not by the record itself nor another organisation's", async () => {
  expect(await nameTaken(t.db, role, { boId, name: "gOLD" })).toBe(true);
  expect(await nameTaken(t.db, role, { boId, name: "Gold", exceptId: gold })).toBe(false);
  expect(await nameTaken(t.db, role, { boId, name: "Silver" })).toBe(false);
  expect(await nameTaken(t.db, role, { boId, name: "Gold " })).toBe(false);
});

it("competes only with the records `within` narrows to", async () => {
  expect(await nameTaken(t.db, role, { boId, name: "gold", within: eq(role.description, "desk") })).toBe(true);
  expect(await nameTaken(t.db, role, { boId, name: "gold", within: eq(role.description, "store") })).toBe(false);
});
