import type { OutputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/session";
import { Typography } from "antd";
import dayjs from "dayjs";
import { Link } from "react-router";
import { queryKeys } from "@/platform/query-keys";
import { isBuilt } from "@/platform/route-match";

export const auditKeys = queryKeys("audit");

/** A record an entry changed, as the server words it (its type, name, action and screen). */
export type AuditRecordRef = NonNullable<OutputOf<typeof contract.system.selAuditLogByPage>["list"][number]["record"]>;

/** An instant in the browser's local time, 24-hour. */
export const auditTime = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm:ss");

/** The record's screen, when this build has it (the server names it; a deleted record has none). */
export function recordHref(route: string | null): string | null {
  return route && isBuilt(route.split("?")[0] ?? route) ? route : null;
}

/** A record's type and name, the name linked to the record's screen. */
export function RecordName({ record }: { record: Pick<AuditRecordRef, "type" | "label" | "route"> }) {
  const href = recordHref(record.route);
  const name = record.label ?? record.type;
  return (
    <span className="audit-record">
      <Typography.Text type="secondary">{record.type}</Typography.Text>{" "}
      {href ? <Link to={href}>{name}</Link> : <Typography.Text>{name}</Typography.Text>}
    </span>
  );
}
