import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { Tooltip, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import type { FilterField } from "@/components/list-filters";
import { ListPage } from "@/components/list-page";
import { queryKeys } from "@/platform/query-keys";

type AuditEntry = OutputOf<typeof contract.system.selAuditLogByPage>["list"][number];

export const auditKeys = queryKeys("audit");

/** Each call's summary by path, from the contract: the log says what was done, the tooltip which call. */
const summaryByPath = new Map(Object.values(contract).flatMap((domain) => Object.values(domain).map((c) => [c.path, c.summary] as const)));

export function CallName({ path }: { path: string }) {
  const summary = summaryByPath.get(path);
  return summary ? (
    <Tooltip title={path}>
      <span>{summary}</span>
    </Tooltip>
  ) : (
    <span>{path}</span>
  );
}

const show = (value: unknown): string => {
  if (value === null || value === undefined) return "∅";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
};

/** before → after, one line per changed field. */
export function DiffList({ diff }: { diff: AuditEntry["diff"] }) {
  const entries = Object.entries(diff);
  if (entries.length === 0) return <span>—</span>;
  return (
    <ul className="audit-diff">
      {entries.map(([field, change]) => (
        <li key={field}>
          <Typography.Text strong>{field}</Typography.Text>: {show(change.before)} → {show(change.after)}
        </li>
      ))}
    </ul>
  );
}

/** The organisation's audit log (function setup.audit) with export. */
export function AuditLogList() {
  const { t } = useTranslation();
  const filters: FilterField[] = [
    { kind: "text", name: "call", label: t("audit.call") },
    { kind: "text", name: "tableName", label: t("audit.table") },
    { kind: "dateRange", name: "range", label: t("audit.dateRange"), from: "from", to: "to" },
  ];
  return (
    <ListPage<AuditEntry>
      variant="section"
      title={t("audit.title")}
      entry={contract.system.selAuditLogByPage}
      exportEntry={contract.system.exportAuditLog}
      exportFileName="audit-log.xlsx"
      queryKey={auditKeys.lists()}
      paramPrefix="audit."
      filters={filters}
      rowKey="id"
      empty={{ description: t("audit.empty") }}
      columns={[
        { title: t("audit.at"), dataIndex: "at", render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss"), width: 170 },
        { title: t("audit.member"), dataIndex: "memberName", render: (v: string | null) => v ?? t("audit.system") },
        { title: t("audit.call"), dataIndex: "call", render: (v: string) => <CallName path={v} /> },
        { title: t("audit.table"), dataIndex: "tableName" },
        { title: t("audit.target"), dataIndex: "targetId" },
        { title: t("audit.action"), dataIndex: "action", render: (v: AuditEntry["action"]) => t(`audit.actions.${v}`) },
        { title: t("audit.diff"), dataIndex: "diff", render: (v: AuditEntry["diff"]) => <DiffList diff={v} /> },
      ]}
    />
  );
}
