import { auditRecordTypeText, auditRouteOf } from "@sbo/contract/audit-words";
import type { Lang } from "@sbo/contract/refusals";
import { Typography } from "antd";
import dayjs from "dayjs";
import { Link } from "react-router";
import { queryKeys } from "@/platform/query-keys";
import { isBuilt } from "@/platform/route-match";

export const auditKeys = queryKeys("audit");

/** An instant in the browser's local time, 24-hour. */
export const auditTime = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm:ss");

/** The screen a record is shown on, when this build has it. */
export function recordHref(table: string, id: string): string | null {
  const route = auditRouteOf(table, id);
  return route && isBuilt(route.split("?")[0] ?? route) ? route : null;
}

/** A record's type and name, the name linked to the record's screen (a deleted record has none). */
export function RecordName({
  record,
  lang,
}: {
  record: { table: string; id: string; label: string | null; action: "insert" | "update" | "delete" };
  lang: Lang;
}) {
  const type = auditRecordTypeText(record.table, lang);
  const href = record.action === "delete" ? null : recordHref(record.table, record.id);
  const name = record.label ?? type;
  return (
    <span className="audit-record">
      <Typography.Text type="secondary">{type}</Typography.Text>{" "}
      {href ? <Link to={href}>{name}</Link> : <Typography.Text>{name}</Typography.Text>}
    </span>
  );
}
