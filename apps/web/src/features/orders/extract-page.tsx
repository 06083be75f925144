import "./orders.css";
import { PlusOutlined } from "@ant-design/icons";
import { extract } from "@sbo/contract/orders-fulfil";
import { Button, Card, Form, Input, Space, Tabs, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AreaCascader } from "@/components/area-cascader";
import { ClockPicker } from "@/components/clock-picker";
import { ContractForm } from "@/components/form";
import { FormDrawer } from "@/components/form-drawer";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextArea, TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { type AwaitingRow, fulfilKeys, type PickupPointRow } from "./fulfil.api";
import { orderKeys } from "./orders.api";

const tabs = ["awaiting", "points"] as const;
type Tab = (typeof tabs)[number];

/** The first page of the tab the URL opens (awaiting pickup unless `tab=points`), started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  const tab = search.get("tab");
  if (search.size > (tab === null ? 0 : 1)) return;
  if (tab === "points")
    void client.prefetchQuery(listPageQuery(extract.selPickupPointList, fulfilKeys.list("points", {}), firstPageRequest({})));
  else void client.prefetchQuery(listPageQuery(extract.selAwaitingPickupByPage, fulfilKeys.list("awaiting", {}), firstPageRequest({})));
};

/**
 * `paths.extract()` (self-pickup): a box to verify the buyer's pickup code (which hands the order over and
 * completes it), the paid pickup orders awaiting pickup, and the shop's pickup points (add, edit, delete).
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab") as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : "awaiting";
  const tabBar = (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        const next = new URLSearchParams();
        if (key !== "awaiting") next.set("tab", key);
        setParams(next);
      }}
      items={tabs.map((key) => ({ key, label: t(`fulfil.pickup.tabs.${key}`) }))}
    />
  );
  return (
    <>
      <VerifyBox />
      {tab === "awaiting" ? <AwaitingList above={tabBar} /> : <PointList above={tabBar} />}
    </>
  );
}

/** Type the buyer's code: the order is handed over (completed) and named in the answer. */
function VerifyBox() {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all, fulfilKeys.all);
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Card title={t("fulfil.pickup.verifyTitle")} className="order-section">
      <ContractForm<typeof extract.verifyPickupCode, { code: string }>
        name="pickup-verify"
        entry={extract.verifyPickupCode}
        form={form}
        layout="inline"
        toInput={(v) => ({ code: (v.code ?? "").trim() })}
        labelOf={(name) => (name[0] === "code" ? t("fulfil.pickup.code") : undefined)}
        submitText={t("fulfil.pickup.verify")}
        onSuccess={async (order) => {
          form.resetFields();
          await write.done(t("fulfil.pickup.verified", { orderNo: order.orderNo }));
        }}
      >
        <Form.Item
          name="code"
          label={t("fulfil.pickup.code")}
          extra={t("fulfil.pickup.codeHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("fulfil.pickup.code") }) }]}
        >
          <Input maxLength={8} inputMode="numeric" autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
      </ContractForm>
    </Card>
  );
}

function AwaitingList({ above }: { above: ReactNode }) {
  const { t } = useTranslation();
  const filters: FilterField[] = [
    { kind: "text", name: "keyword", label: t("fulfil.pickup.keyword"), placeholder: t("fulfil.pickup.keywordHelp") },
  ];
  const columns: ColumnsType<AwaitingRow> = [
    { key: "order", title: t("fulfil.pickup.columns.order"), render: (_, r) => <Link to={paths.orderDetail(r.orderId)}>{r.orderNo}</Link> },
    {
      key: "goods",
      title: t("fulfil.pickup.columns.goods"),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.firstGoodsName ?? ""}</Typography.Text>
          <Typography.Text type="secondary">{t("fulfil.pickup.pieces", { count: r.pieces })}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "buyer",
      title: t("fulfil.pickup.columns.buyer"),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.buyerName}</Typography.Text>
          {r.buyerPhone ? <Typography.Text type="secondary">{r.buyerPhone}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: "amount", title: t("fulfil.pickup.columns.amount"), align: "right", render: (_, r) => formatCents(r.payAmount) },
    { key: "point", title: t("fulfil.pickup.columns.point"), render: (_, r) => r.pickupPointName || "—" },
    { key: "paidAt", title: t("fulfil.pickup.columns.paidAt"), render: (_, r) => when(r.paidAt) },
  ];
  return (
    <ListPage<AwaitingRow>
      title={t("fulfil.pickup.title")}
      entry={extract.selAwaitingPickupByPage}
      queryKey={fulfilKeys.list("awaiting", {})}
      filters={filters}
      toFilters={(f) => ({ keyword: f.keyword || undefined })}
      above={above}
      columns={columns}
      rowKey="orderId"
      empty={{ description: t("fulfil.pickup.awaitingEmpty") }}
    />
  );
}

interface PointValues {
  contactName: string;
  phone: string;
  area: string[];
  detail: string;
  openTime?: string | null;
  closeTime?: string | null;
}

const pointInput = (v: PointValues) => ({
  contactName: v.contactName ?? "",
  phone: v.phone ?? "",
  provinceCode: v.area?.[0] ?? "",
  cityCode: v.area?.[1] ?? "",
  districtCode: v.area?.[2] ?? null,
  detail: v.detail ?? "",
  openTime: v.openTime ?? "",
  closeTime: v.closeTime ?? "",
});

function PointDrawer({ editing, onClose }: { editing: PickupPointRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const required = (label: string) => [{ required: true, message: t("form.required", { field: label }) }];
  const words = useFieldWords();
  const f = (k: keyof typeof words) => words[k];
  return (
    <FormDrawer
      name="pickup-point"
      draft={{ key: `pickup-point:${editing?.id ?? "new"}` }}
      title={editing ? t("fulfil.pickup.editPoint") : t("fulfil.pickup.addPoint")}
      onClose={onClose}
      add={{ entry: extract.addPickupPoint, toInput: (v: PointValues) => pointInput(v) }}
      update={editing && { entry: extract.updPickupPoint, toInput: (v: PointValues) => ({ id: editing.id, ...pointInput(v) }) }}
      initialValues={
        editing
          ? {
              contactName: editing.contactName,
              phone: editing.phone,
              area: [editing.provinceCode, editing.cityCode, ...(editing.districtCode ? [editing.districtCode] : [])],
              detail: editing.detail,
              openTime: editing.openTime,
              closeTime: editing.closeTime,
            }
          : undefined
      }
      invalidate={fulfilKeys.all}
      savedMessage={t("fulfil.pickup.pointSaved")}
    >
      <Form.Item name="contactName" label={f("contactName")} rules={required(f("contactName"))}>
        <TextInput maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={f("phone")} rules={required(f("phone"))}>
        <Input maxLength={20} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="area" label={f("area")} rules={required(f("area"))}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="detail" label={f("detail")} rules={required(f("detail"))}>
        <TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="openTime" label={f("openTime")} rules={required(f("openTime"))}>
          <ClockPicker minuteStep={5} />
        </Form.Item>
        <Form.Item name="closeTime" label={f("closeTime")} rules={required(f("closeTime"))}>
          <ClockPicker minuteStep={5} />
        </Form.Item>
      </Space>
    </FormDrawer>
  );
}

function useFieldWords() {
  const { t } = useTranslation();
  return {
    contactName: t("fulfil.pickup.fields.contactName"),
    phone: t("fulfil.pickup.fields.phone"),
    area: t("fulfil.pickup.fields.area"),
    detail: t("fulfil.pickup.fields.detail"),
    openTime: t("fulfil.pickup.fields.openTime"),
    closeTime: t("fulfil.pickup.fields.closeTime"),
  };
}

function PointList({ above }: { above: ReactNode }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const write = useWrite(orderKeys.all, fulfilKeys.all);
  const [editing, setEditing] = useState<PickupPointRow | "new" | null>(null);
  const remove = async (p: PickupPointRow) => {
    await call(extract.delPickupPoint, { id: p.id });
    await write.done(t("fulfil.pickup.pointDeleted"));
  };
  const columns: ColumnsType<PickupPointRow> = [
    {
      key: "contact",
      title: t("fulfil.pickup.columns.contact"),
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Space>
            <Typography.Text strong>{p.contactName}</Typography.Text>
            {p.isDefault ? <Tag>{t("fulfil.pickup.isDefault")}</Tag> : null}
          </Space>
          <Typography.Text>{p.phone}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "address",
      title: t("fulfil.pickup.columns.address"),
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{zh ? p.areaName : p.areaNameEn}</Typography.Text>
          <Typography.Text>{p.detail}</Typography.Text>
        </Space>
      ),
    },
    { key: "hours", title: t("fulfil.pickup.columns.hours"), render: (_, p) => `${p.openTime ?? ""}–${p.closeTime ?? ""}` },
    ...actionsColumn<PickupPointRow>({
      title: t("fulfil.pickup.columns.actions"),
      actions: (p) => [
        {
          key: "edit",
          label: t("fulfil.repeated.edit"),
          ariaLabel: `${t("fulfil.repeated.edit")}: ${p.detail}`,
          onClick: () => setEditing(p),
        },
        {
          key: "delete",
          label: t("fulfil.pickup.deletePoint"),
          ariaLabel: `${t("fulfil.pickup.deletePoint")}: ${p.detail}`,
          danger: true,
          confirm: { title: t("fulfil.pickup.deleteConfirm") },
          onClick: () => remove(p),
        },
      ],
    }),
  ];
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("fulfil.pickup.addPoint")}
    </Button>
  );
  return (
    <>
      <ListPage<PickupPointRow>
        title={t("fulfil.pickup.title")}
        entry={extract.selPickupPointList}
        queryKey={fulfilKeys.list("points", {})}
        above={above}
        columns={columns}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("fulfil.pickup.pointsEmpty"), action: addButton }}
      />
      {editing ? <PointDrawer editing={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
