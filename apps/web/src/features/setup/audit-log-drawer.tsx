import {
  type AuditFormat,
  auditActionWords,
  auditAreas,
  auditCallText,
  auditFieldText,
  auditRecordTypes,
  auditValueText,
} from "@sbo/contract/audit-words";
import type { OutputOf } from "@sbo/contract/define";
import type { Lang } from "@sbo/contract/refusals";
import * as contract from "@sbo/contract/session";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Drawer, Empty, Skeleton, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "@/components/load-failed";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { auditKeys, auditTime, RecordName } from "./audit-log-record";

type Detail = OutputOf<typeof contract.system.selAuditLogById>;
type AuditRecord = Detail["records"][number];

const actionColour = { insert: "green", update: "blue", delete: "red" } as const;

/** One record's changed fields as a table: field, before, after (links: taken away, added). */
export function RecordChanges({ record, lang }: { record: AuditRecord; lang: Lang }) {
  const { t } = useTranslation();
  const fmt: AuditFormat = { lang, time: (iso) => dayjs(iso).format("YYYY-MM-DD HH:mm") };
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
        {record.changes.map((c) => {
          const field = auditRecordTypes[c.table]?.fields[c.column];
          const before = c.linked
            ? (c.before as unknown[]).length
              ? `${auditActionWords.removed[lang]}: ${auditValueText(field, c.before, fmt)}`
              : "—"
            : record.action === "insert"
              ? "—"
              : auditValueText(field, c.before, fmt);
          const after = c.linked
            ? (c.after as unknown[]).length
              ? `${auditActionWords.added[lang]}: ${auditValueText(field, c.after, fmt)}`
              : "—"
            : record.action === "delete"
              ? "—"
              : auditValueText(field, c.after, fmt);
          return (
            <tr key={`${c.table}.${c.column}`}>
              <th scope="row">{auditFieldText(c.table, c.column, lang)}</th>
              <td className="audit-before">{before}</td>
              <td aria-hidden="true" className="audit-arrow">
                →
              </td>
              <td className="audit-after">{after}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** An entry of the audit log: who, when, what, and every record it changed field by field. */
export function AuditEntryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const query = useQuery({
    queryKey: auditKeys.detail(id ?? ""),
    queryFn: ({ signal }) => call(contract.system.selAuditLogById, { id: id ?? "" }, { notify: false, signal }),
    enabled: id !== null,
  });
  const entry = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={entry ? auditCallText(entry.call, lang) : t("audit.entry")}
      destroyOnHidden
    >
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
                children: entry.area ? (auditAreas.find((a) => a.code === entry.area)?.name[lang] ?? entry.area) : "—",
              },
            ]}
          />
          {entry.truncated ? <Alert type="info" showIcon title={t("audit.truncated", { count: entry.records.length })} /> : null}
          {entry.records.length === 0 ? <Empty description={t("audit.noRecords")} /> : null}
          {entry.records.map((r) => (
            <section key={`${r.table}:${r.id}`} className="audit-record-section" aria-label={r.label ?? r.table}>
              <Typography.Title level={3} className="audit-record-title">
                <RecordName record={r} lang={lang} /> <Tag color={actionColour[r.action]}>{auditActionWords[r.action][lang]}</Tag>
              </Typography.Title>
              <RecordChanges record={r} lang={lang} />
            </section>
          ))}
        </>
      )}
    </Drawer>
  );
}
