import type { ReactNode } from "react";

/**
 * What went wrong and the ways forward, laid out like antd's Result but in plain markup: the entry and
 * the layout show it (a screen that failed to load, a session call that failed), and antd's Result
 * brings its three illustrations along, about 9 KB gzipped that every first load would pay for.
 */
export function Problem({
  tone,
  title,
  detail,
  actions,
}: {
  tone: "error" | "warning";
  title: ReactNode;
  detail?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="problem">
      <svg viewBox="0 0 24 24" width="72" height="72" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill={tone === "error" ? "#cf1322" : "#ad4e00"} />
        {tone === "error" ? (
          <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M12 6.5v7M12 17v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
      <h1 className="problem-title">{title}</h1>
      {detail ? <p className="problem-detail">{detail}</p> : null}
      <div className="problem-actions">{actions}</div>
    </div>
  );
}
