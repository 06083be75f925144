import * as contract from "@sbo/contract/staff";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { PageHeader } from "@/components/page-header";
import { QueryTable } from "@/components/query-table";
import { call } from "@/platform/api-client";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { ALL_NODES, FunctionPicker, funcLabel } from "./function-tree";
import { type Role, staffKeys, useRoles } from "./staff.api";

interface RoleValues {
  name: string;
  description: string;
  functions: string[];
}

const labelOf = new Map(ALL_NODES.map((n) => [n.code, n]));

/** Add or edit a role in a drawer: name, description and the functions as a checkable tree. */
function RoleDrawer({ role, onClose }: { role: Role | "new"; onClose: () => void }) {
  const { t } = useTranslation();
  const held = new Set(useSessionMember()?.functions ?? []);
  const editing = role === "new" ? null : role;
  return (
    <FormDrawer
      name="role"
      draft={{ key: `role:${editing?.id ?? "new"}` }}
      title={editing ? t("staff.role.edit") : t("staff.role.add")}
      onClose={onClose}
      size="large"
      add={{ entry: contract.staff.addRole }}
      update={editing && { entry: contract.staff.updRole, toInput: (v: RoleValues) => ({ id: editing.id, ...v }) }}
      initialValues={
        editing
          ? { name: editing.name, description: editing.description, functions: editing.functions }
          : { name: "", description: "", functions: [] }
      }
      invalidate={staffKeys.all}
      savedMessage={t("staff.role.saved")}
    >
      <Form.Item
        name="name"
        label={t("staff.role.name")}
        rules={[{ required: true, message: t("form.required", { field: t("staff.role.name") }) }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="description" label={t("staff.role.description")}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item
        name="functions"
        label={t("staff.role.functions")}
        extra={
          editing && editing.staffCount > 0
            ? `${t("staff.role.functionsHelp")} ${t("staff.role.narrowNote")}`
            : t("staff.role.functionsHelp")
        }
      >
        <FunctionPicker held={held} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The organisation's roles: what each grants and how many staff hold it. */
export function RoleList() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useHolds("setup.staff.role");
  const roles = useRoles();
  const [open, setOpen] = useState<Role | "new" | null>(null);

  const remove = (r: Role) =>
    modal.confirm({
      title: t("staff.role.confirmDelete", { name: r.name }),
      content: r.staffCount > 0 ? t("staff.role.confirmDeleteText", { count: r.staffCount }) : t("staff.role.confirmDeleteUnused"),
      okText: t("staff.role.delete"),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(contract.staff.delRole, { id: r.id });
        await client.invalidateQueries({ queryKey: staffKeys.all });
        void message.success(t("staff.role.deleted"));
      },
    });

  const addButton = canEdit ? (
    <Button type="primary" onClick={() => setOpen("new")}>
      {t("staff.role.add")}
    </Button>
  ) : null;
  return (
    <section aria-labelledby="roles-title">
      <PageHeader level={2} titleId="roles-title" title={t("staff.tabs.roles")} extra={addButton} />
      <QueryTable<Role>
        query={roles}
        label={t("staff.tabs.roles")}
        loadFailed={t("staff.loadFailed")}
        empty={{ description: t("staff.role.empty"), action: addButton }}
        columns={[
          { title: t("staff.role.name"), dataIndex: "name" },
          { title: t("staff.role.description"), dataIndex: "description" },
          {
            title: t("staff.role.functions"),
            dataIndex: "functions",
            render: (v: string[]) => (
              <Typography.Paragraph style={{ margin: 0, maxWidth: 480 }}>
                {v
                  .map((code) => labelOf.get(code))
                  .filter((n) => n !== undefined)
                  .map(funcLabel)
                  .join(", ")}
              </Typography.Paragraph>
            ),
          },
          { title: t("staff.role.staffCount"), dataIndex: "staffCount" },
          {
            title: t("staff.actions"),
            key: "actions",
            render: (_v, r) =>
              canEdit ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setOpen(r)}>
                    {t("staff.edit")}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(r)}>
                    {t("staff.role.delete")}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {open ? <RoleDrawer role={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
