import * as contract from "@sbo/contract/shop";
import { App, Button, Modal, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextArea } from "@/components/text-input";
import { ApiError, call } from "@/platform/api-client";
import { useShopChanged } from "./shop.api";

export interface ShopStatusActionProps {
  /** The shop's status now: an open shop offers Close, a closed one Reopen. */
  status: "open" | "closed";
  onDone?: (status: "open" | "closed") => void;
  type?: "primary" | "default";
}

/** Close or reopen the shop, after a confirm dialog (closing asks for an optional reason). */
export function ShopStatusAction({ status, onDone, type = "default" }: ShopStatusActionProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const changed = useShopChanged();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const next = status === "open" ? "closed" : "open";
  const closing = next === "closed";

  const confirm = async () => {
    setBusy(true);
    try {
      await call(contract.shop.updShopStatus, closing ? { status: next, reason: reason.trim() || undefined } : { status: next });
      await changed();
      setOpen(false);
      setReason("");
      void message.success(t(closing ? "shop.statusAction.closed" : "shop.statusAction.reopened"));
      onDone?.(next);
    } catch (error) {
      // The api client has shown the Notice; keep the dialog so the seller can retry or cancel.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type={type} danger={closing} onClick={() => setOpen(true)}>
        {t(closing ? "shop.statusAction.close" : "shop.statusAction.reopen")}
      </Button>
      <Modal
        open={open}
        title={t(closing ? "shop.statusAction.closeTitle" : "shop.statusAction.reopenTitle")}
        okText={t(closing ? "shop.statusAction.close" : "shop.statusAction.reopen")}
        cancelText={t("common.cancel")}
        okButtonProps={{ danger: closing, loading: busy }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(closing ? "shop.statusAction.closeBody" : "shop.statusAction.reopenBody")}</Typography.Paragraph>
        {closing ? (
          <>
            <label htmlFor={reasonId}>{t("shop.statusAction.reason")}</label>
            <TextArea id={reasonId} value={reason} maxLength={200} rows={2} onChange={(e) => setReason(e.target.value)} />
          </>
        ) : null}
      </Modal>
    </>
  );
}
