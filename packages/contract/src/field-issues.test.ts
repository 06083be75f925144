import { describe, expect, it } from "vitest";
import { z } from "zod";
import { phone } from "./common";
import { fieldIssues, issueSentence } from "./field-issues";
import { contract } from "./index";

/** The issue, failing the test when there is none. */
function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected an issue");
  return value;
}

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error("expected a failure");
  return fieldIssues(parsed.error);
};

describe("field issues", () => {
  it("when a name is too short, then the issue carries the reason and minimum and reads as a sentence in both languages", () => {
    const [issue] = issuesOf(z.strictObject({ name: z.string().min(2) }), { name: "a" });
    expect(issue).toEqual({ path: "name", message: "must be at least 2 characters", reason: "field.textMin", params: { minimum: 2 } });
    expect(issueSentence(need(issue), "Name", "en")).toBe("Name must be at least 2 characters");
    expect(issueSentence(need(issue), "名称", "zh")).toBe("名称至少需要 2 个字符");
  });

  it("when a field is missing or unknown, then it is required or not a known field", () => {
    const issues = issuesOf(z.strictObject({ name: z.string(), kind: z.enum(["a", "b"]) }), { extra: 1 });
    expect(issues).toEqual([
      { path: "name", message: "is required", reason: "field.required" },
      { path: "kind", message: "is required", reason: "field.required" },
      { path: "extra", message: "is not a known field", reason: "field.unknown" },
    ]);
    expect(issueSentence(need(issues[0]), "名称", "zh")).toBe("请填写名称");
  });

  it("when numbers, lists, enums and formats are wrong, then each has its own reason and parameters", () => {
    const schema = z.strictObject({
      n: z.int().max(5),
      list: z.array(z.string()).min(1),
      kind: z.enum(["male", "female"]),
      email: z.email(),
      code: z.string().length(18),
    });
    const issues = issuesOf(schema, { n: 9, list: [], kind: "x", email: "nope", code: "1" });
    expect(issues.map((i) => [i.path, i.reason, i.params])).toEqual([
      ["n", "field.numberMax", { maximum: 5 }],
      ["list", "field.listMin", { minimum: 1 }],
      ["kind", "field.oneOf", { values: "male, female" }],
      ["email", "field.email", undefined],
      ["code", "field.textLength", { length: 18 }],
    ]);
    expect(issueSentence(need(issues[0]), "数量", "zh")).toBe("数量不能大于 5");
  });

  it("when the contract's own rule fails (a mobile number), then its declared words are used in both languages", () => {
    const [issue] = issuesOf(z.strictObject({ phone }), { phone: "123" });
    expect(issue).toEqual({ path: "phone", message: "must be an 11-digit mobile number starting with 1", reason: "field.mobile" });
    expect(issueSentence(need(issue), "手机号", "zh")).toBe("手机号必须是以 1 开头的 11 位手机号");
    expect(issueSentence(need(issue), "Phone", "en")).toBe("Phone must be an 11-digit mobile number starting with 1");
  });

  it("when a schema has its own undeclared message, then English keeps it and Chinese words the issue by its code", () => {
    const [issue] = issuesOf(z.strictObject({ colour: z.string().regex(/^#/, "must be a colour like #1677ff") }), { colour: "red" });
    expect(issue).toMatchObject({ message: "must be a colour like #1677ff", reason: "field.pattern" });
    expect(issueSentence(need(issue), "Colour", "en")).toBe("Colour must be a colour like #1677ff");
    expect(issueSentence(need(issue), "颜色", "zh")).toBe("颜色的格式不正确");
  });

  it("when an issue has no reason (an older server), then Chinese still reads Chinese", () => {
    expect(issueSentence({ path: "x", message: "is odd" }, "字段", "zh")).toBe("字段无效");
    expect(issueSentence({ path: "x", message: "is odd" }, "Field", "en")).toBe("Field is odd");
  });

  it("when a domain's rules fail (pickup hours, credit code, business hours), then they are declared too", () => {
    const add = contract.address.addAddr.input;
    const issues = issuesOf(add, {
      type: "pickup",
      contactName: "A",
      phone: "13800000000",
      provinceCode: "110000",
      cityCode: "110100",
      detail: "x",
    });
    expect(issues.map((i) => [i.path, i.reason])).toEqual([
      ["openTime", "address.pickupHours"],
      ["closeTime", "address.pickupHours"],
    ]);
    expect(issueSentence(need(issues[0]), "营业开始时间", "zh")).toBe("自提点必须填写营业开始时间");
    const [credit] = issuesOf(z.strictObject({ c: contract.organization.updById.input.shape.creditCode }), { c: "91350100M000100Y4X" });
    expect(credit?.reason).toBe("organization.creditCodeInvalid");
  });
});
