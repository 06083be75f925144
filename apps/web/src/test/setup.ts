import { act, cleanup, configure } from "@testing-library/react";
import { Modal, message, notification } from "antd";
import { afterAll, afterEach, vi } from "vitest";
import { bundles } from "@/app/messages";
import { i18n } from "@/platform/i18n";
import { loadLanguage, loadMessages } from "@/platform/messages";

// Screens load their texts with their route; tests render screens directly, so every text is loaded up front.
await loadMessages(Object.values(bundles));
await loadLanguage(i18n.language === "zh" ? "en" : "zh");

// findBy… and waitFor give up after 1 s by default; an antd screen's first render in jsdom takes longer than that when
// the two cores are busy (CI runs the server and web suites side by side), so a passing screen failed at random.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that antd and the shell use.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}
// jsdom does not implement pseudo-element styles and logs for every antd component that asks. (Once per page: this
// file runs before every test file, and files may share a page; see vitest.config.ts.)
if (!(window.getComputedStyle as { once?: true }).once) {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = Object.assign((element: Element) => computedStyle(element), {
    once: true as const,
  }) as typeof window.getComputedStyle;
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Test files may share one page and their modules (vitest.config.ts): what a file leaves outside React Testing
// Library's containers goes with it — antd's pop-ups opened by static calls (a Notice dialog held its id, so the next
// file's dialog was named by it), their CSS-in-JS styles, the title, stubs and fake timers — and the language is English.
afterAll(async () => {
  // Inside act, so React unmounts them now, not after the page is gone.
  await act(async () => {
    Modal.destroyAll();
    message.destroy();
    notification.destroy();
  });
  document.body.innerHTML = "";
  for (const style of document.head.querySelectorAll("style")) style.remove();
  document.title = "";
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (i18n.language !== "en") await i18n.changeLanguage("en");
});
