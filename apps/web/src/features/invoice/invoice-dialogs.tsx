import { codes } from "@sbo/contract/codes";
import * as contract from "@sbo/contract/invoice";
import { INVOICE_FILE } from "@sbo/contract/invoice";
import { DatePicker, Form, Modal, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { TextArea, TextInput } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import { formatCents } from "@/platform/money";
import { useWrite } from "@/platform/use-write";
import { type InvoiceRow, invoiceKeys } from "./invoice.api";

type Target = Pick<InvoiceRow, "id" | "orderNo">;
type IssueTarget = Pick<InvoiceRow, "id" | "orderNo" | "amount">;

/** Refuse a requested invoice with the reason the buyer reads. */
export function RefuseDialog({ invoice, onClose }: { invoice: Target; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(invoiceKeys.all);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal open title={t("invoice.refuse.title", { orderNo: invoice.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.invoice.refuseInvoice, { reason: string }>
        name="invoice-refuse"
        entry={contract.invoice.refuseInvoice}
        form={form}
        toInput={(v) => ({ id: invoice.id, reason: v.reason })}
        submitText={t("invoice.refuse.ok")}
        actions={null}
        onSuccess={async () => {
          await write.done(t("invoice.refuse.done", { orderNo: invoice.orderNo }));
          onClose();
        }}
      >
        <Form.Item
          name="reason"
          label={t("invoice.refuse.reason")}
          extra={t("invoice.refuse.reasonHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("invoice.refuse.reason") }) }]}
        >
          <TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}

type IssueValues = { invoiceNo: string; issuedAt: Dayjs | null; fileId: UploadValue | null };

/**
 * The issue form of a requested invoice: its number, issue time (24-hour picker) and file (PDF or image), for the
 * amount shown (paid less refunds). A refund made since the page was read is refused by the server and said; the
 * page then reloads with the new amount.
 */
export function IssueForm({ invoice }: { invoice: IssueTarget }) {
  const { t } = useTranslation();
  const write = useWrite(invoiceKeys.all);
  const [form] = Form.useForm<IssueValues>();
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t("invoice.issue.help", { kb: INVOICE_FILE.maxKb, amount: formatCents(invoice.amount) })}
      </Typography.Paragraph>
      <ContractForm<typeof contract.invoice.issueInvoice, IssueValues>
        name="invoice-issue"
        entry={contract.invoice.issueInvoice}
        form={form}
        initialValues={{ invoiceNo: "", issuedAt: dayjs().second(0).millisecond(0), fileId: null }}
        toInput={(v) => ({
          id: invoice.id,
          invoiceNo: v.invoiceNo,
          issuedAt: v.issuedAt ? v.issuedAt.toISOString() : "",
          fileId: v.fileId?.id ?? "",
          amount: invoice.amount,
        })}
        onRefused={(e) => (e.code === codes.CONFLICT ? write.done() : undefined)}
        submitText={t("invoice.issue.ok")}
        actions={null}
        onSuccess={async (out) => {
          await write.done(t("invoice.issue.done", { invoiceNo: out.invoiceNo ?? "" }));
        }}
      >
        <Form.Item
          name="invoiceNo"
          label={t("invoice.issue.invoiceNo")}
          extra={t("invoice.issue.invoiceNoHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("invoice.issue.invoiceNo") }) }]}
        >
          <TextInput maxLength={20} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="issuedAt"
          label={t("invoice.issue.issuedAt")}
          rules={[{ required: true, message: t("form.required", { field: t("invoice.issue.issuedAt") }) }]}
        >
          <DatePicker showTime={{ format: "HH:mm" }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isAfter(dayjs(), "day")} />
        </Form.Item>
        <Form.Item name="fileId" label={t("invoice.issue.file")} rules={[{ required: true, message: t("invoice.issue.fileRequired") }]}>
          <FileUpload
            purpose={INVOICE_FILE.purpose}
            limits={{ accept: ["pdf", "image"], maxKb: INVOICE_FILE.maxKb }}
            accept="application/pdf,image/jpeg,image/png,image/gif,image/webp"
            maxSizeMB={INVOICE_FILE.maxKb / 1024}
          />
        </Form.Item>
      </ContractForm>
    </>
  );
}
