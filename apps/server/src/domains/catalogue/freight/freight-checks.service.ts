import { type FieldIssue, fill, type Params, predicateOf, freightRefusals as R, type Refusal } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import { badInput } from "../../../platform/http/errors";
import { areaRefs } from "../../reference/reference.service";

/** The problems of one input, collected so that one 400 names them all before anything is written. */
export class Issues {
  readonly list: FieldIssue[] = [];
  add(path: string, refusal: Refusal, params?: Params) {
    this.list.push({ path, message: fill(predicateOf(refusal.en), params, "en"), reason: refusal.reason, ...(params ? { params } : {}) });
  }
  push(...issues: FieldIssue[]) {
    this.list.push(...issues);
  }
  throwIfAny() {
    if (this.list.length) throw badInput(this.list);
  }
}

/** Every area named at `path` is a known province or city of the national data. */
export async function checkAreas(db: Executor, issues: Issues, named: Array<{ path: string; codes: string[] }>) {
  const refs = await areaRefs(
    db,
    named.flatMap((n) => n.codes),
  );
  for (const { path, codes } of named)
    codes.forEach((code, i) => {
      // A province's path is itself, a city's its province and itself; deeper areas are districts.
      if ((refs.get(code)?.codes.length ?? 3) > 2) issues.add(`${path}.${i}`, R.areaUnknown);
    });
}
