import type { SupplierItem } from "@sbo/contract/supplier";
import * as contract from "@sbo/contract/supplier";
import { Badge, DatePicker, Form, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { firstPageRequest, listPageQuery } from "@/components/list-page";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { AuthRequestList, CONSENT_STATUS } from "./auth-requests";
import { OrgSelect } from "./org-select";
import { supplierKeys } from "./supplier.api";
import { ContactFields, type ContactValues, contactInput, RemarkField, SupplierList } from "./supplier-list";
import { SupplierMembersDrawer } from "./supplier-members-drawer";

const DAY = "YYYY-MM-DD";

interface Values extends ContactValues {
  supplierBoId?: string | null;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  status?: SupplierItem["status"];
}

const toFields = (v: Values) => ({
  kind: "authorised" as const,
  validFrom: v.validFrom ? v.validFrom.format(DAY) : "",
  validTo: v.validTo ? v.validTo.format(DAY) : null,
  status: v.status ?? "enabled",
  ...contactInput(v),
});

function AuthorisationDrawer({ editing, onClose }: { editing: SupplierItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const boId = useSessionMember()?.boId;
  const required = (field: string) => [{ required: true, message: t("form.required", { field }) }];
  return (
    <FormDrawer
      name="authorisedSupplier"
      draft={{ key: `authorised-supplier:${editing?.id ?? "new"}` }}
      title={editing ? t("supplier.editAuthorisedTitle") : t("supplier.authoriseTitle")}
      onClose={onClose}
      add={{
        entry: contract.supplier.addShopSupplier,
        toInput: (v: Values) => {
          const { status: _status, ...fields } = toFields(v);
          return { ...fields, supplierBoId: v.supplierBoId ?? "" };
        },
      }}
      update={editing && { entry: contract.supplier.updShopSupplierById, toInput: (v: Values) => ({ id: editing.id, ...toFields(v) }) }}
      initialValues={
        editing
          ? {
              ...editing,
              validFrom: editing.validFrom ? dayjs(editing.validFrom) : null,
              validTo: editing.validTo ? dayjs(editing.validTo) : null,
            }
          : { validFrom: dayjs().startOf("day") }
      }
      invalidate={supplierKeys.all}
      savedMessage={t("supplier.saved")}
      submitText={editing ? undefined : t("supplier.authorise")}
    >
      {editing ? null : (
        <Form.Item name="supplierBoId" label={t("supplier.organization")} rules={required(t("supplier.organization"))}>
          <OrgSelect excludeBoId={boId} />
        </Form.Item>
      )}
      <Space wrap align="start">
        <Form.Item name="validFrom" label={t("supplier.validFrom")} rules={required(t("supplier.validFrom"))}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="validTo" label={t("supplier.validTo")}>
          <DatePicker placeholder={t("supplier.openEnded")} />
        </Form.Item>
      </Space>
      {editing ? (
        <Form.Item name="status" label={t("supplier.status")}>
          <Select options={(["enabled", "disabled"] as const).map((s) => ({ value: s, label: t(`supplier.statuses.${s}`) }))} />
        </Form.Item>
      ) : null}
      <ContactFields />
      <RemarkField />
    </FormDrawer>
  );
}

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(
    listPageQuery(contract.supplier.selShopSupplierPage, supplierKeys.lists(), firstPageRequest({ kind: "authorised" })),
  );
};

/**
 * `paths.shopAuthSupplier()`: platform organisations this shop asked to authorise as suppliers (each
 * answers the request; the state shows here), with their member accounts once accepted; and the requests
 * other organisations sent to this one, to accept or decline.
 */
export function Component() {
  const { t } = useTranslation();
  const canEdit = useHolds("shop.authSupplier.edit");
  const [membersOf, setMembersOf] = useState<SupplierItem | null>(null);
  return (
    <>
      <SupplierList
        kind="authorised"
        canEdit={canEdit}
        title={t("supplier.authorisedTitle")}
        nameLabel={t("supplier.organization")}
        nameOf={(s) => s.supplierOrgName ?? s.name}
        addLabel={t("supplier.authorise")}
        emptyText={t("supplier.emptyAuthorised")}
        columns={[
          {
            key: "validity",
            title: t("supplier.validity"),
            render: (_, s) => `${s.validFrom ?? ""} – ${s.validTo ?? t("supplier.openEnded")}`,
          },
          {
            key: "consent",
            title: t("supplier.consent"),
            render: (_, s) => (s.consent ? <Badge status={CONSENT_STATUS[s.consent]} text={t(`supplier.consents.${s.consent}`)} /> : null),
          },
        ]}
        rowExtra={(s) => [
          {
            key: "members",
            label: `${t("supplier.manageMembers")} (${s.memberCount})`,
            ariaLabel: `${t("supplier.manageMembers")}: ${s.name}`,
            onClick: () => setMembersOf(s),
          },
        ]}
        drawer={(editing, onClose) => <AuthorisationDrawer editing={editing} onClose={onClose} />}
      />
      <AuthRequestList />
      {membersOf ? <SupplierMembersDrawer supplier={membersOf} canEdit={canEdit} onClose={() => setMembersOf(null)} /> : null}
    </>
  );
}
