import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Drawer, Empty, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/components/load-failed";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { auditKeys, auditTime, RecordName } from "./audit-log-record";

type Detail = OutputOf<typeof contract.system.selAuditLogById>;
type AuditRecord = Detail["records"][number];

const actionColour = { insert: "green", update: "blue", delete: "red" } as const;

/** One record's changed fields as a table: field, before, after (links: taken away, added), as the server words them. */
export function RecordChanges({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  if (record.changes.length === 0) return <Typography.Text type="secondary">{t("audit.noFields")}</Typography.Text>;
  return (
    <table className="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t("audit.field")}</th>
          <th scope="col">{t("audit.before")}</th>
          <td aria-hidden="true" className="audit-arrow" />
          <th scope="col">{t("audit.after")}</th>
        </tr>
      </thead>
      <tbody>
        {record.changes.map((c, i) => (
          // A field's name is unique within its record, but two linked tables may word a field alike.
          // biome-ignore lint/suspicious/noArrayIndexKey: the changes are a fixed list per answer
          <tr key={`${i}:${c.field}`}>
            <th scope="row">{c.field}</th>
            <td className="audit-before">{c.before}</td>
            <td aria-hidden="true" className="audit-arrow">
              →
            </td>
            <td className="audit-after">{c.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An entry of the audit log: who, when, what, and every record it changed field by field. */
export function AuditEntryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const query = useQuery({
    queryKey: [...auditKeys.detail(id ?? ""), lang],
    queryFn: ({ signal }) => call(contract.system.selAuditLogById, { id: id ?? "" }, { notify: false, signal }),
    enabled: id !== null,
  });
  const entry = query.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={640} title={entry ? entry.what : t("audit.entry")} destroyOnHidden>
      {query.error ? (
        <LoadFailed title={t("audit.loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
      ) : !entry ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: "who", label: t("audit.member"), children: entry.memberName ?? t("audit.system") },
              { key: "at", label: t("audit.at"), children: auditTime(entry.at) },
              {
                key: "area",
                label: t("audit.area"),
                children: entry.areaName ?? "—",
              },
            ]}
          />
          {entry.truncated ? <Alert type="info" showIcon title={t("audit.truncated", { count: entry.records.length })} /> : null}
          {entry.records.length === 0 ? <Empty description={t("audit.noRecords")} /> : null}
          {entry.records.map((r) => (
            <section key={`${r.type}:${r.id}`} className="audit-record-section" aria-label={r.label ?? r.type}>
              <Typography.Title level={3} className="audit-record-title">
                <RecordName record={r} /> <Tag color={actionColour[r.action]}>{r.actionText}</Tag>
              </Typography.Title>
              <RecordChanges record={r} />
            </section>
          ))}
        </>
      )}
    </Drawer>
  );
}
