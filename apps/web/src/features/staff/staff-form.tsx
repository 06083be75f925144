import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/staff";
import { Button, Form, Input, Select, Switch } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import { useWrite } from "@/platform/use-write";
import { staffKeys, useAuthorisedBases, useProfessions, useRoles } from "./staff.api";

/** The staff list, where add and edit go back to. */
export const STAFF_LIST = paths.staffList();

/** After a staff member is saved: every staff list and detail refreshes, then `text` shows. */
export function useStaffSaved() {
  return useWrite(staffKeys.all).done;
}

export interface StaffValues {
  name: string;
  loginName: string;
  phone: string;
  password: string;
  roleIds: string[];
  enabled: boolean;
  professionId: string | null;
  baseIds: string[];
}

/** A profession Select that can add a new profession of the organisation's own from what was typed. */
function ProfessionSelect({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation();
  const write = useWrite(staffKeys.list("professions", {}));
  const professions = useProfessions();
  const [typed, setTyped] = useState("");
  const en = currentLanguage() === "en";
  const options = (professions.data ?? []).map((p) => ({ value: p.id, label: en ? p.nameEn : p.name }));
  const exists = options.some((o) => o.label.toLowerCase() === typed.trim().toLowerCase());

  // Chosen once the refreshed list offers it (else the field would show its id).
  const add = () =>
    write(
      () => call(contract.staff.addProfession, { name: typed.trim() }),
      t("staff.professionAdded"),
      (created) => {
        onChange?.(created.id);
        setTyped("");
      },
    );

  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: "label", onSearch: setTyped, searchValue: typed }}
      allowClear
      loading={professions.isPending}
      placeholder={t("staff.professionPlaceholder")}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      popupRender={(menu) => (
        <>
          {menu}
          {typed.trim() && !exists ? (
            <Button type="link" icon={<PlusOutlined />} loading={write.pending} onClick={() => void add()}>
              {t("staff.addProfession", { name: typed.trim() })}
            </Button>
          ) : null}
        </>
      )}
    />
  );
}

/**
 * The fields of a staff member. On add, the login name and the initial password are asked for;
 * for the owner, roles and status are shown read-only (the server refuses changing them).
 */
export function StaffFields({
  mode,
  isOwner = false,
  passwordField,
}: {
  mode: "add" | "edit";
  isOwner?: boolean;
  passwordField?: ReactNode;
}) {
  const { t } = useTranslation();
  const roles = useRoles();
  const bases = useAuthorisedBases();
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <>
      <Form.Item name="name" label={t("staff.name")} rules={[required(t("staff.name"))]}>
        <TextInput autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="loginName" label={t("staff.loginName")} rules={mode === "add" ? [required(t("staff.loginName"))] : []}>
        <TextInput autoComplete="off" maxLength={64} disabled={mode === "edit"} />
      </Form.Item>
      <Form.Item name="phone" label={t("staff.phone")} rules={[required(t("staff.phone"))]}>
        <Input autoComplete="off" inputMode="tel" maxLength={11} />
      </Form.Item>
      {passwordField}
      <Form.Item name="roleIds" label={t("staff.roles")} extra={mode === "edit" && !isOwner ? t("staff.sessionsEndNote") : undefined}>
        <Select
          mode="multiple"
          disabled={isOwner}
          loading={roles.isPending}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="enabled" label={t("staff.enabled")} valuePropName="checked">
        <Switch disabled={isOwner} />
      </Form.Item>
      <Form.Item name="professionId" label={t("staff.profession")}>
        <ProfessionSelect />
      </Form.Item>
      {isOwner ? null : (
        <Form.Item name="baseIds" label={t("staff.bases")}>
          <Select
            mode="multiple"
            loading={bases.isPending}
            options={(bases.data ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${t(`staff.base.kinds.${b.kind}`)}` }))}
            optionFilterProp="label"
          />
        </Form.Item>
      )}
    </>
  );
}
