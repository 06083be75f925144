import { type RefObject, useEffect } from "react";

/**
 * Makes the antd tables under `ref` usable by keyboard: a wide table's scroll box takes focus (WCAG 2.1.1),
 * named `label`; the hidden measuring row (with row selection it holds a "select all" checkbox) leaves the Tab order.
 */
export function useKeyboardScroll(ref: RefObject<HTMLElement | null>, label: string) {
  useEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>(".ant-table-content, .ant-table-body") ?? []) {
      if (box.tabIndex === 0) continue;
      box.tabIndex = 0;
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", label);
    }
    for (const row of ref.current?.querySelectorAll<HTMLElement>(".ant-table-measure-row") ?? []) row.inert = true;
  });
}
