import * as contract from "@sbo/contract/orders";
import { flagColors } from "@sbo/contract/orders";
import { Form, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { TextArea } from "@/components/text-input";
import { useWrite } from "@/platform/use-write";
import { orderKeys } from "./orders.api";

interface Target {
  id: string;
  orderNo: string;
  sellerRemark?: string;
  flagColor?: (typeof flagColors)[number] | null;
}

/** Cancel an unpaid order with the reason the buyer sees (the stock goes back). */
export function CancelDialog({ order, onClose }: { order: Target; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal open title={t("orders.cancelDialog.title", { orderNo: order.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.orders.cancelOrder, { reason: string }>
        name="order-cancel"
        entry={contract.orders.cancelOrder}
        form={form}
        toInput={(v) => ({ id: order.id, reason: v.reason })}
        submitText={t("orders.cancelDialog.ok")}
        actions={null}
        onSuccess={async () => {
          await write.done(t("orders.cancelDialog.done", { orderNo: order.orderNo }));
          onClose();
        }}
      >
        <Form.Item
          name="reason"
          label={t("orders.cancelDialog.reason")}
          extra={t("orders.cancelDialog.reasonHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("orders.cancelDialog.reason") }) }]}
        >
          <TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}

/** The seller's own remark and flag colour of an order. */
export function RemarkDialog({ order, onClose }: { order: Target; onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(orderKeys.all);
  type Values = { sellerRemark: string; flagColor: string };
  const [form] = Form.useForm<Values>();
  return (
    <Modal open title={t("orders.remarkDialog.title", { orderNo: order.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof contract.orders.modifyOrderByObj, Values>
        name="order-remark"
        entry={contract.orders.modifyOrderByObj}
        form={form}
        initialValues={{ sellerRemark: order.sellerRemark ?? "", flagColor: order.flagColor ?? "" }}
        toInput={(v) => ({
          id: order.id,
          sellerRemark: v.sellerRemark ?? "",
          flagColor: v.flagColor ? (v.flagColor as (typeof flagColors)[number]) : null,
        })}
        submitText={t("orders.remarkDialog.ok")}
        onSuccess={async () => {
          await write.done(t("orders.remarkDialog.done", { orderNo: order.orderNo }));
          onClose();
        }}
      >
        <Form.Item name="sellerRemark" label={t("orders.remarkDialog.remark")} extra={t("orders.remarkDialog.remarkHelp")}>
          <TextArea maxLength={500} showCount rows={3} />
        </Form.Item>
        <Form.Item name="flagColor" label={t("orders.flag.label")}>
          <Select
            style={{ maxWidth: 240 }}
            options={[
              { value: "", label: t("orders.flag.none") },
              ...flagColors.map((c) => ({ value: c, label: <FlagLabel color={c} text={t(`orders.flag.${c}`)} /> })),
            ]}
          />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}

const flagHex: Record<(typeof flagColors)[number], string> = {
  red: "#cf1322",
  orange: "#d46b08",
  yellow: "#ad8b00",
  green: "#389e0d",
  blue: "#0958d9",
  purple: "#531dab",
};

/** A flag: its colour and its name (never colour alone). */
export function FlagLabel({ color, text }: { color: (typeof flagColors)[number]; text: string }) {
  return (
    <span className="order-flag">
      <span className="order-flag-dot" style={{ background: flagHex[color] }} aria-hidden="true" />
      {text}
    </span>
  );
}
