import { auditActionWords, auditAreas, auditCallText } from "@sbo/contract/audit-words";
import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { useQuery } from "@tanstack/react-query";
import { Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FilterField } from "@/components/list-filters";
import { ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { AuditEntryDrawer } from "./audit-log-drawer";
import { auditKeys, auditTime, RecordName } from "./audit-log-record";

export type AuditEntry = OutputOf<typeof contract.system.selAuditLogByPage>["list"][number];

/** The organisation's audit log (function setup.audit): one entry per call, its detail in a drawer, with export. */
export function AuditLogList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [open, setOpen] = useState<string | null>(null);
  const people = useQuery({
    queryKey: [...auditKeys.all, "members"],
    queryFn: ({ signal }) => call(contract.system.selAuditLogMembers, {}, { notify: false, signal }),
  });
  const filters: FilterField[] = [
    {
      kind: "select",
      name: "memberId",
      label: t("audit.member"),
      options: (people.data ?? []).map((p) => ({ value: p.memberId, label: p.name })),
    },
    { kind: "select", name: "area", label: t("audit.area"), options: auditAreas.map((a) => ({ value: a.code, label: a.name[lang] })) },
    { kind: "dateRange", name: "range", label: t("audit.dateRange"), from: "from", to: "to" },
  ];
  const areaName = (code: string | null) => (code ? (auditAreas.find((a) => a.code === code)?.name[lang] ?? code) : null);
  return (
    <>
      <ListPage<AuditEntry>
        variant="section"
        title={t("audit.title")}
        entry={contract.system.selAuditLogByPage}
        exportEntry={contract.system.exportAuditLog}
        exportInput={(f) => ({ ...f, lang })}
        exportFileName={lang === "zh" ? "操作日志.xlsx" : "audit-log.xlsx"}
        queryKey={auditKeys.lists()}
        paramPrefix="audit."
        filters={filters}
        rowKey="id"
        empty={{ description: t("audit.empty") }}
        fit
        columns={[
          { title: t("audit.at"), dataIndex: "at", width: 170, render: (v: string) => auditTime(v) },
          {
            title: t("audit.member"),
            dataIndex: "memberName",
            width: 140,
            ellipsis: true,
            render: (v: string | null) => v ?? t("audit.system"),
          },
          { title: t("audit.what"), dataIndex: "call", ellipsis: true, render: (v: string) => auditCallText(v, lang) },
          { title: t("audit.area"), dataIndex: "area", width: 110, render: (v: string | null) => areaName(v) },
          {
            title: t("audit.record"),
            key: "record",
            ellipsis: true,
            render: (_v, e) =>
              e.record ? (
                <>
                  <RecordName record={e.record} lang={lang} />
                  {e.recordCount > 1 ? (
                    <Typography.Text type="secondary"> {t("audit.more", { count: e.recordCount - 1 })}</Typography.Text>
                  ) : null}
                </>
              ) : null,
          },
          {
            title: t("audit.change"),
            key: "action",
            width: 90,
            render: (_v, e) => (e.record ? auditActionWords[e.record.action][lang] : null),
          },
          ...actionsColumn<AuditEntry>({
            title: t("audit.actionsColumn"),
            widest: [t("audit.details")],
            actions: (e) => [
              {
                key: "details",
                label: t("audit.details"),
                ariaLabel: t("audit.detailsOf", { what: auditCallText(e.call, lang), at: auditTime(e.at) }),
                onClick: () => setOpen(e.id),
              },
            ],
          }),
        ]}
      />
      <AuditEntryDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
