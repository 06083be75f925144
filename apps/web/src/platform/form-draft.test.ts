import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { clearDrafts, DRAFT_PREFIX, draftStorageKey, draftValues, takeDraft, writeDraft } from "./form-draft";

describe("form draft storage", () => {
  it("leaves passwords and verification codes out at any depth", () => {
    const values = {
      name: "Li Lei",
      password: "x",
      confirmPassword: "x",
      newPassword: "x",
      code: "123456",
      smsCode: "123456",
      areaCode: ["330000", "330100"],
      items: [{ title: "a", loginPwd: "x" }],
    };
    expect(draftValues(values)).toEqual({ name: "Li Lei", areaCode: ["330000", "330100"], items: [{ title: "a" }] });
  });

  it("hands a draft out once, with its dates as dates and its uploads as file ids", () => {
    const key = draftStorageKey({ boId: "b1", memberId: "m1" }, "offer:new");
    const validFrom = dayjs("2026-12-01T08:30:00Z");
    writeDraft(key, { validFrom, licence: { id: "F1", url: "/files/F1", name: "licence.png" } });
    const draft = takeDraft<{ validFrom: dayjs.Dayjs; licence: unknown }>(key);
    expect(dayjs.isDayjs(draft?.validFrom)).toBe(true);
    expect(draft?.validFrom.toISOString()).toBe(validFrom.toISOString());
    expect(draft?.licence).toEqual({ id: "F1", url: "/files/F1", name: "licence.png" });
    expect(takeDraft(key)).toBeUndefined();
  });

  it("ignores a corrupt entry", () => {
    sessionStorage.setItem(`${DRAFT_PREFIX}b1:m1:x`, "{not json");
    expect(takeDraft(`${DRAFT_PREFIX}b1:m1:x`)).toBeUndefined();
  });

  it("logout clears every draft and nothing else", () => {
    sessionStorage.setItem(`${DRAFT_PREFIX}b1:m1:a`, "{}");
    sessionStorage.setItem(`${DRAFT_PREFIX}b2:m2:b`, "{}");
    sessionStorage.setItem("sbo:saved-state", "{}");
    clearDrafts();
    expect(Object.keys(sessionStorage)).toEqual(["sbo:saved-state"]);
  });
});
