import { codes } from "@sbo/contract/codes";
import { financeRefusals } from "@sbo/contract/finance";
import { goodsRefusals } from "@sbo/contract/goods";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadFieldWording, refusalText } from "./api-client";
import { setLanguage } from "./i18n";

/**
 * Issue 25 §5: a refusal that names a field sends its contract key ("images"); the seller reads the field in
 * words in their language, as the form labels it, never the key.
 */
describe("a refusal naming a field, in seller words", () => {
  // As call() does before it words a refusal that names a field.
  beforeAll(() => loadFieldWording());
  afterEach(() => setLanguage("en"));

  const notReady = {
    code: codes.STATE_FORBIDS,
    // What the server answered before: the key inside its English text.
    msg: '"Fuji apples" cannot go on shelf yet: images is missing or incomplete; edit and publish it first',
    reason: goodsRefusals.notReadyForShelf.reason,
    params: { name: "Fuji apples", field: "images", form: "goods" },
  };

  it("a draft refused the shelf for its images reads 商品图片 in Chinese and Images in English", async () => {
    await setLanguage("zh");
    const zh = refusalText(notReady);
    expect(zh).toBe("“Fuji apples”还不能上架：商品图片缺失或不完整，请先编辑并发布");
    expect(zh).not.toMatch(/images/i);
    await setLanguage("en");
    const en = refusalText(notReady);
    expect(en).toContain("Images is missing");
    expect(en).not.toMatch(/\bimages\b/);
  });

  it("a used bill number is named in words in both languages", async () => {
    const used = {
      code: codes.STATE_FORBIDS,
      msg: "",
      reason: financeRefusals.billUsed.reason,
      params: { field: "billNo", form: "finance" },
    };
    await setLanguage("zh");
    expect(refusalText(used)).toBe("业务单号：该业务单号已使用或已撤销");
    await setLanguage("en");
    expect(refusalText(used)).toMatch(/^Bill number: /);
  });

  it("bad input outside a form names its first field in words, not by its path", async () => {
    const bad = {
      code: codes.BAD_INPUT,
      msg: "skus.0.price: must be at least 0.01 to publish",
      data: {
        issues: [{ path: "skus.0.price", message: "must be at least 0.01 to publish", reason: goodsRefusals.priceToPublish.reason }],
      },
    };
    await setLanguage("zh");
    expect(refusalText(bad)).toBe("发布商品时售价至少为 0.01");
    await setLanguage("en");
    expect(refusalText(bad)).toBe("Price must be at least 0.01 to publish");
  });
});
