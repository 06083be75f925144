import * as contract from "@sbo/contract/supplier";
import { type AuthRequestItem, supplierConsents } from "@sbo/contract/supplier";
import { Badge } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { ListPage } from "@/components/list-page";
import { actionsColumn, type RowAction } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { supplierKeys } from "./supplier.api";

/** The answer as a status dot and words (Badge: readable on any background, unlike coloured tags). */
export const CONSENT_STATUS: Record<AuthRequestItem["consent"], "processing" | "success" | "default"> = {
  pending: "processing",
  accepted: "success",
  declined: "default",
};

/**
 * Requests other organisations sent to authorise this one as their supplier. Until it accepts, they
 * see nothing of its staff; declining (or withdrawing an acceptance) ends their member accounts of it.
 */
export function AuthRequestList() {
  const { t } = useTranslation();
  const write = useWrite(supplierKeys.all);
  const canEdit = useHolds("shop.authSupplier.edit");
  const answer = (r: AuthRequestItem, accept: boolean): RowAction => {
    const label = accept
      ? t("supplier.requests.accept")
      : r.consent === "accepted"
        ? t("supplier.requests.withdraw")
        : t("supplier.requests.decline");
    const run = () =>
      write(
        () => call(accept ? contract.supplier.acceptAuthRequest : contract.supplier.declineAuthRequest, { id: r.id }),
        accept ? t("supplier.requests.accepted") : t("supplier.requests.declinedDone"),
      );
    return accept
      ? {
          key: "accept",
          label,
          ariaLabel: `${label}: ${r.requesterName}`,
          confirm: {
            title: t("supplier.requests.confirmAccept", { name: r.requesterName }),
            description: t("supplier.requests.acceptText"),
          },
          onClick: run,
        }
      : {
          key: "decline",
          label,
          ariaLabel: `${label}: ${r.requesterName}`,
          danger: true,
          confirm: {
            title: t("supplier.requests.confirmDecline", { name: r.requesterName }),
            description: t("supplier.requests.declineText"),
          },
          onClick: run,
        };
  };
  return (
    <ListPage<AuthRequestItem>
      variant="section"
      title={t("supplier.requests.title")}
      entry={contract.supplier.selAuthRequestPage}
      queryKey={supplierKeys.list("requests", {})}
      paramPrefix="req."
      filters={[
        {
          kind: "select",
          name: "consent",
          label: t("supplier.consent"),
          options: supplierConsents.map((c) => ({ value: c, label: t(`supplier.consents.${c}`) })),
        },
      ]}
      rowKey="id"
      empty={{ description: t("supplier.requests.empty") }}
      columns={[
        { title: t("supplier.requests.requester"), dataIndex: "requesterName" },
        { title: t("supplier.requests.shop"), dataIndex: "shopName" },
        {
          title: t("supplier.validity"),
          key: "validity",
          render: (_v, r) => `${r.validFrom ?? ""} – ${r.validTo ?? t("supplier.openEnded")}`,
        },
        {
          title: t("supplier.consent"),
          dataIndex: "consent",
          render: (v: AuthRequestItem["consent"]) => <Badge status={CONSENT_STATUS[v]} text={t(`supplier.consents.${v}`)} />,
        },
        { title: t("supplier.requests.received"), dataIndex: "createdAt", render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm") },
        ...actionsColumn<AuthRequestItem>({
          title: t("supplier.actions"),
          show: canEdit,
          actions: (r) => [r.consent !== "accepted" && answer(r, true), r.consent !== "declined" && answer(r, false)],
        }),
      ]}
    />
  );
}
