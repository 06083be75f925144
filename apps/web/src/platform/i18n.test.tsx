import { act, render } from "@testing-library/react";
import { Empty } from "antd";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import { Providers } from "@/app/providers";
import { testQueryClient } from "@/test/render";
import { componentTexts, detectLanguage, i18n, LANG_KEY, setLanguage } from "./i18n";

afterEach(async () => {
  await act(() => setLanguage("en"));
});

describe("language", () => {
  it("follows the browser: zh-* is Chinese, anything else English", () => {
    const empty = { getItem: () => null };
    expect(detectLanguage(empty, "zh-CN")).toBe("zh");
    expect(detectLanguage(empty, "zh-TW")).toBe("zh");
    expect(detectLanguage(empty, "en-GB")).toBe("en");
    expect(detectLanguage(empty, "fr")).toBe("en");
  });

  it("prefers the choice saved in localStorage", () => {
    expect(detectLanguage({ getItem: (k) => (k === LANG_KEY ? "zh" : null) }, "en-US")).toBe("zh");
  });

  it("switching changes the antd locale, dayjs, the lang attribute and is remembered", async () => {
    const { container } = render(
      <Providers queryClient={testQueryClient()}>
        <Empty />
      </Providers>,
    );
    const description = () => container.querySelector(".ant-empty-description")?.textContent;
    expect(description()).toBe("No data");

    await act(() => setLanguage("zh"));

    expect(description()).toBe("暂无数据");
    expect(i18n.t("api.notice")).toBe("提示");
    expect(i18n.t("api.submitting")).toBe("提交信息中…");
    expect(dayjs.locale()).toBe("zh-cn");
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(localStorage.getItem(LANG_KEY)).toBe("zh");
  });
});

describe("a component's own words", () => {
  const words = componentTexts("ownWordsTest", {
    en: { greeting: "Hello {{name}}", nested: { on: "On shelf" } },
    zh: { greeting: "你好{{name}}", nested: { on: "在售" } },
  });

  it("when looked up, then they read in the asked language with their params filled, also after a switch", async () => {
    expect(words("en", "greeting", { name: "Lin" })).toBe("Hello Lin");
    expect(words("zh", "nested.on")).toBe("在售");
    await act(() => setLanguage("zh"));
    expect(words("en", "nested.on")).toBe("On shelf");
    expect(words("zh", "greeting", { name: "林" })).toBe("你好林");
  });

  it("when a param is missing, then its place reads empty", () => {
    expect(words("en", "greeting")).toBe("Hello ");
  });
});
