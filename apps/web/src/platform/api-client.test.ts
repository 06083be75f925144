import { refusals } from "@sbo/contract/refusals";
import * as contract from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, browser, call, LOGIN_PATH, loginPathFor, REQUEST_TIMEOUT_MS, setLoggingOut, setNavigator } from "./api-client";
import { setFeedback } from "./feedback";
import { setLanguage } from "./i18n";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const envelope = (code: string, msg = "", data: unknown = null, status = 200) => json({ code, msg, data }, status);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let notice: ReturnType<typeof vi.fn<(title: string, content: string) => void>>;
let hideLoading: ReturnType<typeof vi.fn<() => void>>;
let loading: ReturnType<typeof vi.fn<(text: string) => () => void>>;

const member = contract.session.getMemberByToken;
let counter = 0;
/** A distinct message per test: the Notice dialog is not stacked for a message already on screen. */
const uniqueMsg = (base: string) => `${base} #${++counter}`;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to reject");
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  navigate = vi.fn();
  setNavigator(navigate);
  notice = vi.fn();
  hideLoading = vi.fn();
  loading = vi.fn(() => hideLoading);
  setFeedback({ notice, loading });
  window.history.pushState({}, "", "/");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  setFeedback(null);
});

describe("call() sends", () => {
  it("a POST with JSON to the entry's path, systemId 71 added to the body", async () => {
    fetchMock.mockResolvedValue(envelope("0", "", { list: [], total: 0, pageNum: 1, pageSize: 20 }));
    await call(contract.session.getHistoryVersion, { pageNum: 1, pageSize: 20 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(contract.session.getHistoryVersion.path);
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ pageNum: 1, pageSize: 20, systemId: 71 });
  });

  it("the server's default sign-token header when the page names none (Vite dev server), and the cookie", async () => {
    fetchMock.mockResolvedValue(envelope("0"));
    await call(contract.session.logout, {});
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("sign-token")).toBe("seller-web");
    expect(init?.credentials).toBe("include");
  });

  it("the sign-token the server wrote into index.html when the operator set SIGN_TOKEN", async () => {
    const meta = document.createElement("meta");
    meta.name = "sign-token";
    meta.content = "operator-secret";
    document.head.append(meta);
    try {
      fetchMock.mockResolvedValue(envelope("0"));
      await call(contract.session.logout, {});
      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("sign-token")).toBe("operator-secret");
    } finally {
      meta.remove();
    }
  });

  it("the user's language as Accept-Language, following a switch", async () => {
    fetchMock.mockImplementation(async () => envelope("0"));
    await call(contract.session.logout, {});
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("accept-language")).toBe("en");
    await setLanguage("zh");
    try {
      await call(contract.session.logout, {});
      expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get("accept-language")).toBe("zh-CN");
    } finally {
      await setLanguage("en");
    }
  });

  it("resolves with data when the code is 0", async () => {
    fetchMock.mockResolvedValue(envelope("0", "", { memberId: "m1", boId: "b1", openShopUrl: null }));
    await expect(call(contract.login.login, { loginName: "ann", password: "x" })).resolves.toEqual({
      memberId: "m1",
      boId: "b1",
      openShopUrl: null,
    });
  });

  it("shows 'Submitting information…' while a write is pending, not for a read", async () => {
    fetchMock.mockResolvedValue(envelope("0"));
    await call(contract.session.logout, {});
    expect(loading).toHaveBeenCalledWith("Submitting information…");
    expect(hideLoading).toHaveBeenCalledTimes(1);

    loading.mockClear();
    fetchMock.mockResolvedValue(envelope("0", "", null));
    await call(contract.session.selLatestVersionInfo, {});
    expect(loading).not.toHaveBeenCalled();
  });
});

describe("spec §8 by HTTP status", () => {
  it("401 goes to /401", async () => {
    fetchMock.mockResolvedValue(envelope("001107", "log in", null, 401));
    const error = await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/401");
    expect(error.status).toBe(401);
  });

  it("403 goes to /403", async () => {
    fetchMock.mockResolvedValue(envelope("000003", "forbidden", null, 403));
    await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/403");
  });

  it.each([500, 502, 504])("%i goes to /500", async (status) => {
    fetchMock.mockResolvedValue(envelope("000500", "server failed", null, status));
    await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/500");
    expect(notice).not.toHaveBeenCalled();
  });

  it.each([404, 421])("%i goes to /404", async (status) => {
    fetchMock.mockResolvedValue(envelope("000004", "not found", null, status));
    await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/404");
  });

  it("422 does not go to /404: its code is shown instead", async () => {
    const msg = uniqueMsg("unprocessable");
    fetchMock.mockResolvedValue(envelope("000409", msg, null, 422));
    const error = await rejection(call(member, {}));
    expect(navigate).not.toHaveBeenCalled();
    expect(notice).toHaveBeenCalledWith("Notice", msg);
    expect(error.code).toBe("000409");
  });
});

describe("spec §8 by response code", () => {
  it("021101 with data sends the browser to the URL in data", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    fetchMock.mockResolvedValue(envelope("021101", "open a shop first", "/transaction/addccount/oppenshop"));
    await rejection(call(member, {}));
    expect(assign).toHaveBeenCalledWith("/transaction/addccount/oppenshop");
    expect(notice).not.toHaveBeenCalled();
  });

  it("021101 without data is shown as a Notice", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const msg = uniqueMsg("no shop");
    fetchMock.mockResolvedValue(envelope("021101", msg, null));
    await rejection(call(member, {}));
    expect(assign).not.toHaveBeenCalled();
    expect(notice).toHaveBeenCalledWith("Notice", msg);
  });

  it.each(["001107", "001108", "000016", "12"])("%s goes to the login page and rejects", async (code) => {
    fetchMock.mockResolvedValue(envelope(code, "please log in"));
    const error = await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/login/toLogin");
    expect(error.code).toBe(code);
    expect(notice).not.toHaveBeenCalled();
  });

  it("the login page remembers where the user was", async () => {
    window.history.pushState({}, "", "/setup/index?audit.page=2");
    fetchMock.mockResolvedValue(envelope("001107", "please log in"));
    await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/login/toLogin?redirect=%2Fsetup%2Findex%3Faudit.page%3D2");
  });

  it("while the member logs out, a call of the screen left that is refused as not logged in sends the login page nowhere", async () => {
    // The logout's own navigation to the plain login page may still be loading; this one must not overtake it with a
    // path to return to (the logout story's flake: the next login went back to the old screen).
    window.history.pushState({}, "", "/setup/index");
    fetchMock.mockImplementation(async () => envelope("001107", "please log in"));
    setLoggingOut(true);
    try {
      const error = await rejection(call(member, {}));
      expect(error.code).toBe("001107");
      expect(navigate).not.toHaveBeenCalled();
      expect(notice).not.toHaveBeenCalled();
    } finally {
      setLoggingOut(false);
    }
    await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/login/toLogin?redirect=%2Fsetup%2Findex");
  });

  it("001109 (the account belongs to no seller organisation) goes to /login/403 without a Notice", async () => {
    fetchMock.mockResolvedValue(envelope("001109", "not a seller"));
    const error = await rejection(call(contract.login.login, { loginName: "buyer", password: "right" }));
    expect(navigate).toHaveBeenCalledWith("/login/403");
    expect(notice).not.toHaveBeenCalled();
    expect(error.code).toBe("001109");
  });

  it("003301 goes to /shopClose", async () => {
    fetchMock.mockResolvedValue(envelope("003301", "shop closed"));
    await rejection(call(member, {}));
    expect(navigate).toHaveBeenCalledWith("/shopClose");
  });

  it("any other code shows a Notice dialog with the server's msg and rejects with ApiError", async () => {
    const msg = uniqueMsg("Wrong password");
    fetchMock.mockResolvedValue(envelope("001106", msg, { left: 2 }));
    const error = await rejection(call(contract.login.login, { loginName: "ann", password: "bad" }));
    expect(notice).toHaveBeenCalledWith("Notice", msg);
    expect(error).toMatchObject({ code: "001106", msg, data: { left: 2 }, status: 200 });
  });

  it("notify: false leaves the error to the caller", async () => {
    fetchMock.mockResolvedValue(envelope("000001", "newPassword: too short", { issues: [] }, 400));
    const error = await rejection(call(contract.login.safeCenterReSetPwd, { oldPassword: "a", newPassword: "b" }, { notify: false }));
    expect(notice).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(error).toMatchObject({ code: "000001", status: 400 });
  });

  it("the Notice is a real antd dialog titled Notice when no App context is installed", async () => {
    setFeedback(null);
    const msg = uniqueMsg("The coupon has expired");
    fetchMock.mockResolvedValue(envelope("000409", msg));
    await rejection(call(member, {}));
    const content = await screen.findByText(msg);
    const dialog = content.closest<HTMLElement>(".ant-modal");
    expect(dialog).not.toBeNull();
    expect(within(dialog as HTMLElement).getAllByText("Notice").length).toBeGreaterThan(0);
  });
});

describe("refusals in the user's language", () => {
  const declared = refusals("apiClientTest", { rankInUse: { en: "{n} members hold this rank", zh: "{n} 位会员正在使用此等级" } });
  afterEach(() => setLanguage("en"));

  it("a declared reason is worded from its params in Chinese, not the server's English msg", async () => {
    await setLanguage("zh");
    fetchMock.mockResolvedValue(
      json({ code: "000005", msg: "3 members hold this rank", data: null, reason: declared.rankInUse.reason, params: { n: 3 } }),
    );
    const error = await rejection(call(member, {}));
    expect(error.msg).toBe("3 位会员正在使用此等级");
    expect(notice).toHaveBeenCalledWith("提示", "3 位会员正在使用此等级");
  });

  it("an unknown reason in Chinese falls back to the words for its code, never to English", async () => {
    await setLanguage("zh");
    fetchMock.mockResolvedValue(json({ code: "000409", msg: "The order is shipped", data: null, reason: "nowhere.unknown" }));
    const error = await rejection(call(member, {}));
    expect(error.msg).toBe("当前状态下不能执行此操作，请刷新后重试。");
    fetchMock.mockResolvedValue(json({ code: "123456", msg: "Something English", data: null }));
    expect((await rejection(call(member, {}))).msg).toBe("请求未被受理（代码 123456）。");
  });
});

describe("timeout", () => {
  it("aborts the request after 50 s", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    let settled: ApiError | null = null;
    void rejection(call(member, {})).then((e) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(REQUEST_TIMEOUT_MS).toBe(50_000);
    expect(settled).toMatchObject({ code: "TIMEOUT", status: 0 });
    expect(notice).toHaveBeenCalled();
  });
});

describe("loginPathFor", () => {
  it("remembers the screen asked for, and keeps what the login page remembers when a second refusal comes", () => {
    const first = loginPathFor("/setup/index");
    expect(first).toBe(`${LOGIN_PATH}?redirect=%2Fsetup%2Findex`);
    expect(loginPathFor(first)).toBe(first);
    expect(loginPathFor("/login/backPwd")).toBe(LOGIN_PATH);
    expect(loginPathFor("/")).toBe(LOGIN_PATH);
  });
});
