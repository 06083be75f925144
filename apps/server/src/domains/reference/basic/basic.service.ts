import {
  BASIC_DATASETS,
  type BasicDataset,
  type contract,
  DICT_DATASET_PREFIX,
  fill,
  type OutputOf,
  type ParsedInputOf,
  predicateOf,
  referenceRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badInput } from "../../../platform/http/errors";
import * as repo from "../reference.repository";
import { versionOf } from "./basic.rules";

/* The basic data a client keeps (units, categories, provinces, dictionaries), in one call by name or all with a version. */

type Rf = typeof contract.reference;
type In<K extends keyof Rf> = ParsedInputOf<Rf[K]>;
type Out<K extends keyof Rf> = OutputOf<Rf[K]>;
export type BasicData = Out<"graphqlMust">;

/** The basic datasets by name: each loads in one query. */
const loaders: Record<BasicDataset, (db: Executor) => Promise<Partial<BasicData>>> = {
  units: async (db) => ({ units: await repo.units(db, undefined) }),
  categoryTree: async (db) => ({ categoryTree: await repo.allCategories(db) }),
  categoryRelations: async (db) => ({ categoryRelations: await repo.allRelations(db) }),
  provinces: async (db) => ({
    provinces: (await repo.areasUnder(db, null)).map((r) => ({
      code: r.code,
      name: r.name,
      nameEn: r.nameEn,
      level: r.level,
      isLeaf: !r.hasChildren,
    })),
  }),
};

/** Dictionary items grouped by dictionary, each in its order. */
async function dictionariesOf(db: Executor, codes: string[] | null): Promise<NonNullable<BasicData["dictionaries"]>> {
  const out: NonNullable<BasicData["dictionaries"]> = {};
  for (const code of codes ?? []) out[code] = [];
  for (const r of await repo.itemsOfDicts(db, codes)) {
    const items = out[r.dictCode] ?? [];
    items.push({ code: r.code, name: r.name, nameEn: r.nameEn });
    out[r.dictCode] = items;
  }
  return out;
}

const isDataset = (name: string): name is BasicDataset => (BASIC_DATASETS as readonly string[]).includes(name);

export const basicDataService = {
  async graphqlMust(input: In<"graphqlMust">, ctx: Ctx): Promise<Out<"graphqlMust">> {
    const names = [...new Set(input.must)];
    const dictCodes = names.filter((n) => n.startsWith(DICT_DATASET_PREFIX)).map((n) => n.slice(DICT_DATASET_PREFIX.length));
    const known = dictCodes.length ? new Set(await repo.dictCodes(ctx.db)) : new Set<string>();
    const issues = input.must.flatMap((name, i) => {
      const path = `must.${i}`;
      if (name.startsWith(DICT_DATASET_PREFIX)) {
        const dict = name.slice(DICT_DATASET_PREFIX.length);
        if (known.has(dict)) return [];
        return [
          {
            path,
            message: fill(predicateOf(R.unknownDictionary.en), { name: dict }),
            reason: R.unknownDictionary.reason,
            params: { name: dict },
          },
        ];
      }
      if (isDataset(name)) return [];
      return [{ path, message: fill(predicateOf(R.unknownDataset.en), { name }), reason: R.unknownDataset.reason, params: { name } }];
    });
    if (issues.length) throw badInput(issues);
    const parts = await Promise.all([
      ...names.filter(isDataset).map((n) => loaders[n](ctx.db)),
      dictCodes.length ? dictionariesOf(ctx.db, dictCodes).then((dictionaries) => ({ dictionaries })) : Promise.resolve({}),
    ]);
    return Object.assign({}, ...parts) as BasicData;
  },

  async graphqlAll(input: In<"graphqlAll">, ctx: Ctx): Promise<Out<"graphqlAll">> {
    const parts = await Promise.all([
      ...BASIC_DATASETS.map((n) => loaders[n](ctx.db)),
      dictionariesOf(ctx.db, null).then((dictionaries) => ({ dictionaries })),
    ]);
    const data = Object.assign({}, ...parts) as BasicData;
    const version = versionOf(data);
    return input.version === version ? { version, unchanged: true, data: null } : { version, unchanged: false, data };
  },
};
