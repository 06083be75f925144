import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import * as staff from "@sbo/contract/staff";
import { useQuery } from "@tanstack/react-query";
import { Button, DatePicker, Form, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AreaCascader, areaCodesOf } from "@/components/area-cascader";
import { FormDrawer } from "@/components/form-drawer";
import { ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextArea, TextInput } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import type { UploadLimits } from "@/platform/upload-file";
import { useHolds, useMayCall } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { goodsKeys } from "./goods.api";

export type TraceRow = OutputOf<typeof contract.goods.selGoodsTraceListByParam>["list"][number];

const DATE = "YYYY-MM-DD";
/** An inspection report is a scan or a PDF (filed under its own purpose beside the goods' pictures). */
const TRACE_FILE_LIMITS: UploadLimits = { accept: ["image", "pdf"], maxKb: 5120 };

interface TraceValues {
  origin: string;
  /** The area from the province down; the record keeps the last code. */
  areaCode?: string[];
  farm?: string;
  baseId?: string | null;
  harvestDate?: string | null;
  inspectionFile?: UploadValue | null;
  remark?: string;
}

const valuesOf = (r: TraceRow): TraceValues => ({
  origin: r.origin,
  areaCode: areaCodesOf(r.area?.code),
  farm: r.farm,
  baseId: r.base?.id ?? null,
  harvestDate: r.harvestDate,
  inspectionFile: r.inspectionFile,
  remark: r.remark,
});

/** An item's trace records, newest first: add, edit and delete them (for those who may edit goods), else read them. */
export function TracePanel({ goodsId, goodsName }: { goodsId: string; goodsName: string }) {
  const { t } = useTranslation();
  const canEdit = useHolds("goods.manage.edit");
  const write = useWrite(goodsKeys.all);
  const [open, setOpen] = useState<TraceRow | "new" | null>(null);
  const zh = currentLanguage() === "zh";

  const remove = async (r: TraceRow) => {
    await call(contract.goods.delGoodsTrace, { id: r.id });
    await write.done(t("goods.trace.deleted"));
  };
  const addButton = canEdit ? (
    <Button type="primary" onClick={() => setOpen("new")}>
      {t("goods.trace.add")}
    </Button>
  ) : null;
  const label = (r: TraceRow) => [r.origin, r.harvestDate].filter(Boolean).join(" · ");

  return (
    <>
      <ListPage<TraceRow>
        variant="section"
        title={t("goods.trace.title")}
        entry={contract.goods.selGoodsTraceListByParam}
        toFilters={(f) => ({ ...f, goodsId })}
        queryKey={goodsKeys.list("trace", { goodsId })}
        paramPrefix="trace."
        filters={[{ kind: "text", name: "keyword", label: t("goods.trace.keyword") }]}
        rowKey="id"
        toolbar={addButton}
        above={<Typography.Paragraph type="secondary">{t("goods.trace.help", { name: goodsName })}</Typography.Paragraph>}
        empty={{ description: t("goods.trace.empty"), action: addButton }}
        columns={[
          {
            key: "origin",
            title: t("goods.trace.origin"),
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{r.origin}</span>
                {r.area ? <Typography.Text type="secondary">{zh ? r.area.name : r.area.nameEn}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            key: "farm",
            title: t("goods.trace.farm"),
            render: (_, r) => [r.farm, r.base?.name].filter(Boolean).join(" · ") || null,
          },
          { key: "harvestDate", title: t("goods.trace.harvestDate"), dataIndex: "harvestDate" },
          {
            key: "inspectionFile",
            title: t("goods.trace.inspectionFile"),
            render: (_, r) =>
              r.inspectionFile ? (
                <a href={r.inspectionFile.url} target="_blank" rel="noopener noreferrer">
                  {r.inspectionFile.name}
                </a>
              ) : null,
          },
          { key: "batchNos", title: t("goods.trace.batches"), render: (_, r) => r.batchNos.join(", ") || null },
          { key: "remark", title: t("goods.trace.remark"), dataIndex: "remark" },
          ...actionsColumn<TraceRow>({
            title: t("goods.columns.actions"),
            show: canEdit,
            actions: (r) => [
              { key: "edit", label: t("goods.trace.edit"), ariaLabel: `${t("goods.trace.edit")}: ${label(r)}`, onClick: () => setOpen(r) },
              {
                key: "delete",
                label: t("goods.actions.delete"),
                ariaLabel: `${t("goods.actions.delete")}: ${label(r)}`,
                danger: true,
                confirm: {
                  title: t("goods.trace.confirmDelete", { origin: r.origin }),
                  description: r.batchNos.length ? t("goods.trace.confirmDeleteBatches", { batches: r.batchNos.join(", ") }) : undefined,
                },
                onClick: () => remove(r),
              },
            ],
          }),
        ]}
      />
      {open ? <TraceDrawer goodsId={goodsId} record={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** Add or edit a trace record in the one drawer: origin and its area, farm or base, harvest date, inspection report, remark. */
function TraceDrawer({ goodsId, record, onClose }: { goodsId: string; record: TraceRow | "new"; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = record === "new" ? null : record;
  // The organisation's bases are the staff screens' list: offered to those who may read it, else the farm's name is typed.
  const canPickBase = useMayCall(staff.staff.selBaseList);
  const bases = useQuery({
    queryKey: ["staff", "list", "baseOptions"],
    queryFn: ({ signal }) => call(staff.staff.selBaseList, {}, { notify: false, signal }),
    enabled: canPickBase,
  });
  const toInput = (v: TraceValues) => ({
    ...(editing ? { id: editing.id } : {}),
    goodsId,
    origin: v.origin ?? "",
    areaCode: v.areaCode?.length ? (v.areaCode[v.areaCode.length - 1] ?? null) : null,
    farm: v.farm ?? "",
    // A member who cannot pick a base keeps the one the record names.
    baseId: canPickBase ? (v.baseId ?? null) : (editing?.base?.id ?? null),
    harvestDate: v.harvestDate ?? null,
    inspectionFileId: v.inspectionFile?.id ?? null,
    remark: v.remark ?? "",
  });
  const field = (name: "origin" | "area" | "farm" | "base" | "harvestDate" | "inspectionFile" | "remark") =>
    t(`goods.trace.${name}` as const);
  return (
    <FormDrawer<TraceValues, typeof contract.goods.addOrUpdGoodsTrace>
      name="goods-trace"
      title={editing ? t("goods.trace.edit") : t("goods.trace.add")}
      onClose={onClose}
      add={{ entry: contract.goods.addOrUpdGoodsTrace, toInput }}
      draft={{ key: `goods-trace:${goodsId}:${editing?.id ?? "new"}` }}
      initialValues={editing ? valuesOf(editing) : { origin: "", farm: "", remark: "", harvestDate: null, inspectionFile: null }}
      invalidate={goodsKeys.all}
      savedMessage={t("goods.trace.saved")}
    >
      <Form.Item
        name="origin"
        label={field("origin")}
        extra={t("goods.trace.originHelp")}
        rules={[{ required: true, message: t("form.required", { field: field("origin") }) }]}
      >
        <TextInput maxLength={100} />
      </Form.Item>
      <Form.Item name="areaCode" label={field("area")}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="farm" label={field("farm")}>
        <TextInput maxLength={100} />
      </Form.Item>
      {canPickBase ? (
        <Form.Item name="baseId" label={field("base")} extra={t("goods.trace.baseHelp")}>
          <Select
            allowClear
            loading={bases.isPending}
            options={(bases.data ?? []).filter((b) => b.enabled || b.id === editing?.base?.id).map((b) => ({ value: b.id, label: b.name }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="harvestDate"
        label={field("harvestDate")}
        getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })}
        normalize={(d: dayjs.Dayjs | null) => (d ? d.format(DATE) : null)}
      >
        <DatePicker format={DATE} />
      </Form.Item>
      <Form.Item name="inspectionFile" label={field("inspectionFile")} extra={t("goods.trace.inspectionFileHelp")}>
        <FileUpload accept="image/*,application/pdf" maxSizeMB={5} purpose="goodsTrace" limits={TRACE_FILE_LIMITS} />
      </Form.Item>
      <Form.Item name="remark" label={field("remark")}>
        <TextArea maxLength={500} rows={3} />
      </Form.Item>
    </FormDrawer>
  );
}
