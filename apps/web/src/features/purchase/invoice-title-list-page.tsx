import * as invoices from "@sbo/contract/invoice";
import { Button, Form, Input, Select, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import type { FilterField } from "@/components/list-filters";
import { containsText, fetchedPageQuery, firstPageRequest, ListPage, localPages } from "@/components/list-page";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { purchaseKeys } from "./purchase.api";

type Title = invoices.InvoiceTitle;
type TitleValues = invoices.InvoiceTitleInput;

const fetchTitles = localPages<Title>(
  (_filters, signal) => call(invoices.invoice.selBillInvoiceInfoListByParam, {}, { notify: false, signal }),
  (row, filters) => containsText(row.name, filters.name),
);

const titlesKey = [...purchaseKeys.all, "titles", "list"];

/** Empty text fields are left out: the contract takes an absent field, not an empty one. */
const toInput = (v: TitleValues): TitleValues =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value !== undefined && value !== "")) as TitleValues;

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0) void client.prefetchQuery(fetchedPageQuery(fetchTitles, titlesKey, firstPageRequest({})));
};

/**
 * `paths.invoiceTitles()` (`purchase.order`; adding: `purchase.order.title`): the organisation's own
 * invoice titles, chosen when it requests an invoice for one of its purchases.
 */
export function Component() {
  const { t } = useTranslation();
  const mayAdd = useHolds("purchase.order.title");
  const [adding, setAdding] = useState(false);
  const filters: FilterField[] = [{ kind: "text", name: "name", label: t("purchase.titles.filters.name") }];
  const columns: ColumnsType<Title> = [
    { key: "name", title: t("purchase.titles.columns.name"), render: (_, r) => r.name },
    { key: "kind", title: t("purchase.titles.columns.kind"), render: (_, r) => t(`purchase.kind.${r.kind}`) },
    { key: "taxNo", title: t("purchase.titles.columns.taxNo"), render: (_, r) => r.taxNo || null },
    { key: "type", title: t("purchase.titles.columns.type"), render: (_, r) => t(`purchase.type.${r.invoiceType}`) },
    { key: "email", title: t("purchase.titles.columns.email"), render: (_, r) => r.email || null },
    { key: "createdAt", title: t("purchase.titles.columns.createdAt"), render: (_, r) => when(r.createdAt) },
  ];
  const add = mayAdd ? (
    <Button type="primary" onClick={() => setAdding(true)}>
      {t("purchase.titles.add")}
    </Button>
  ) : null;
  return (
    <>
      <ListPage<Title>
        title={t("purchase.titles.title")}
        fetch={fetchTitles}
        queryKey={titlesKey}
        filters={filters}
        above={<Typography.Paragraph type="secondary">{t("purchase.titles.intro")}</Typography.Paragraph>}
        toolbar={add}
        columns={columns}
        rowKey="id"
        empty={{ description: t("purchase.titles.empty"), action: add }}
      />
      {adding ? <TitleDrawer onClose={() => setAdding(false)} /> : null}
    </>
  );
}

function TitleDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TitleValues>();
  const kind = Form.useWatch("kind", form);
  const type = Form.useWatch("invoiceType", form);
  const f = (key: keyof TitleValues) => t(`purchase.titles.fields.${key}`);
  return (
    <FormDrawer<TitleValues, typeof invoices.invoice.addBillInvoiceInfo>
      name="invoice-title"
      title={t("purchase.titles.add")}
      onClose={onClose}
      form={form}
      add={{ entry: invoices.invoice.addBillInvoiceInfo, toInput }}
      initialValues={{ kind: "company", invoiceType: "ordinary" }}
      invalidate={purchaseKeys.all}
      savedMessage={t("purchase.titles.saved")}
      draft={{ key: "invoice-title:new" }}
    >
      <Form.Item name="kind" label={f("kind")} rules={[{ required: true }]}>
        <Select options={invoices.invoiceTitleKinds.map((k) => ({ value: k, label: t(`purchase.kind.${k}`) }))} />
      </Form.Item>
      <Form.Item name="name" label={f("name")} rules={[{ required: true }]}>
        <TextInput maxLength={100} />
      </Form.Item>
      {kind === "company" ? (
        <Form.Item name="taxNo" label={f("taxNo")} rules={[{ required: true }]}>
          <Input maxLength={20} inputMode="text" autoCapitalize="characters" />
        </Form.Item>
      ) : null}
      <Form.Item name="invoiceType" label={f("invoiceType")} rules={[{ required: true }]}>
        <Select
          options={invoices.invoiceTypes
            .filter((v) => kind === "company" || v === "ordinary")
            .map((v) => ({ value: v, label: t(`purchase.type.${v}`) }))}
        />
      </Form.Item>
      {type === "special" ? (
        <>
          <Form.Item name="bankName" label={f("bankName")} rules={[{ required: true }]}>
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item name="bankAccount" label={f("bankAccount")} rules={[{ required: true }]}>
            <Input maxLength={32} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="registeredAddress" label={f("registeredAddress")} rules={[{ required: true }]}>
            <TextInput maxLength={120} />
          </Form.Item>
          <Form.Item name="registeredPhone" label={f("registeredPhone")} rules={[{ required: true }]}>
            <Input maxLength={20} inputMode="tel" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="email" label={f("email")}>
        <Input type="email" maxLength={100} inputMode="email" />
      </Form.Item>
    </FormDrawer>
  );
}
