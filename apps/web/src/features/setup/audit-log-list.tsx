import type { OutputOf } from "@sbo/contract/define";
import { functionTree } from "@sbo/contract/functions";
import * as contract from "@sbo/contract/session";
import { useQuery } from "@tanstack/react-query";
import { Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FilterField } from "@/components/list-filters";
import { ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { currentLanguage } from "@/platform/i18n";
import { auditListKey, auditMembersQuery } from "./audit.api";
import { AuditEntryDrawer } from "./audit-log-drawer";
import { auditTime, RecordName } from "./audit-log-record";

export type AuditEntry = OutputOf<typeof contract.system.selAuditLogByPage>["list"][number];

/** The areas of the function tree, the area filter's choices. */
const auditAreas = functionTree.filter((f) => f.kind === "area");

/**
 * The organisation's audit log (function setup.audit): one entry per call, its detail in a drawer, with export. The
 * server words every entry in the reader's language (Accept-Language), so the list is fetched again on a switch.
 */
export function AuditLogList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [open, setOpen] = useState<string | null>(null);
  const people = useQuery(auditMembersQuery());
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
  return (
    <>
      <ListPage<AuditEntry>
        variant="section"
        title={t("audit.title")}
        entry={contract.system.selAuditLogByPage}
        exportEntry={contract.system.exportAuditLog}
        exportInput={(f) => ({ ...f, lang })}
        exportFileName={lang === "zh" ? "操作日志.xlsx" : "audit-log.xlsx"}
        queryKey={auditListKey(lang)}
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
          { title: t("audit.what"), dataIndex: "what", ellipsis: true },
          { title: t("audit.area"), dataIndex: "areaName", width: 110 },
          {
            title: t("audit.record"),
            key: "record",
            ellipsis: true,
            render: (_v, e) =>
              e.record ? (
                <>
                  <RecordName record={e.record} />
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
            render: (_v, e) => e.record?.actionText ?? null,
          },
          ...actionsColumn<AuditEntry>({
            title: t("audit.actionsColumn"),
            widest: [t("audit.details")],
            actions: (e) => [
              {
                key: "details",
                label: t("audit.details"),
                ariaLabel: t("audit.detailsOf", { what: e.what, at: auditTime(e.at) }),
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
