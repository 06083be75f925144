import { Modal, message } from "antd";
import { i18n } from "./i18n";

/**
 * The few global UI effects the platform code (api client, download) needs. Plain modules cannot
 * use React hooks, so the app installs context-aware versions from antd's `App.useApp()`
 * (see app/feedback-bridge.tsx); the static antd functions are the fallback before that.
 */
export interface Feedback {
  /** A modal dialog with a title and the server's message. */
  notice(title: string, content: string): void;
  /** A global loading indicator; returns the function that hides it. */
  loading(text: string): () => void;
}

const staticFeedback: Feedback = {
  notice: (title, content) => {
    Modal.warning({ title, content, okText: i18n.t("common.ok") });
  },
  loading: (text) => message.loading(text, 0),
};

let current: Feedback = staticFeedback;
const openNotices = new Set<string>();

export function setFeedback(next: Feedback | null): void {
  current = next ?? staticFeedback;
}

/** Shows a Notice; the same message is not stacked while it is still on screen (parallel failures). */
export function showNotice(title: string, content: string): void {
  const key = `${title}\n${content}`;
  if (openNotices.has(key)) return;
  openNotices.add(key);
  // A dialog is dismissed by the user; forget it after a while so a later failure shows again.
  window.setTimeout(() => openNotices.delete(key), 1500);
  current.notice(title, content);
}

let pending = 0;
let hide: (() => void) | null = null;

/** Shows the shared loading indicator until every caller has released it. */
export function holdLoading(text: string): () => void {
  pending += 1;
  if (pending === 1) hide = current.loading(text);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending -= 1;
    if (pending === 0) {
      hide?.();
      hide = null;
    }
  };
}
