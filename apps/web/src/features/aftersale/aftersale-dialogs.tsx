import "./aftersale.css";
import * as contract from "@sbo/contract/aftersale";
import { App, Form, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { ExpressFields } from "@/components/express-fields";
import { ContractForm } from "@/components/form";
import { TextArea } from "@/components/text-input";
import type { AfterSaleDetail } from "./aftersale.api";

type Target = Pick<AfterSaleDetail, "id" | "afterSaleNo">;

/** Reject an application awaiting a decision, with the reason the buyer reads. */
export function RejectDialog({ a, onClose, onDone }: { a: Target; onClose: () => void; onDone: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal open title={t("afterSale.reject.title", { no: a.afterSaleNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.afterSale.rejectApply, { reason: string }>
        name="after-sale-reject"
        entry={contract.afterSale.rejectApply}
        form={form}
        toInput={(v) => ({ id: a.id, reason: v.reason })}
        labelOf={(name) => (name[0] === "reason" ? t("afterSale.reject.reason") : undefined)}
        submitText={t("afterSale.reject.ok")}
        onCancel={onClose}
        onSuccess={async () => {
          void message.success(t("afterSale.done.reject"));
          await onDone();
        }}
      >
        <Form.Item
          name="reason"
          label={t("afterSale.reject.reason")}
          extra={t("afterSale.reject.reasonHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("afterSale.reject.reason") }) }]}
        >
          <TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}

/** Ship the replacement of a received exchange: logistics company and tracking number. */
export function ShipExchangeDialog({ a, onClose, onDone }: { a: Target; onClose: () => void; onDone: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  type Values = { expressCode: string; trackingNo: string };
  const [form] = Form.useForm<Values>();
  return (
    <Modal open title={t("afterSale.ship.title", { no: a.afterSaleNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.afterSale.shipExchange, Values>
        name="after-sale-ship"
        entry={contract.afterSale.shipExchange}
        form={form}
        toInput={(v) => ({ id: a.id, expressCode: v.expressCode, trackingNo: v.trackingNo })}
        labelOf={(name) =>
          name[0] === "expressCode" ? t("afterSale.ship.express") : name[0] === "trackingNo" ? t("afterSale.ship.trackingNo") : undefined
        }
        submitText={t("afterSale.ship.ok")}
        onCancel={onClose}
        onSuccess={async () => {
          void message.success(t("afterSale.done.shipExchange"));
          await onDone();
        }}
      >
        <ExpressFields
          labels={{
            express: t("afterSale.ship.express"),
            trackingNo: t("afterSale.ship.trackingNo"),
            trackingHelp: t("afterSale.ship.trackingHelp"),
          }}
        />
      </ContractForm>
    </Modal>
  );
}
