import { contract } from "@sbo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Drawer, Empty, Form, Input, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holds } from "@/app/route-match";
import { useAppStore } from "@/app/store";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
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
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<RoleValues>();
  const held = new Set(useAppStore((s) => s.member?.functions) ?? []);
  const editing = role === "new" ? null : role;
  const done = async () => {
    await client.invalidateQueries({ queryKey: staffKeys.all });
    void message.success(t("staff.role.saved"));
    onClose();
  };
  const fields = (
    <>
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
    </>
  );
  const initialValues = editing
    ? { name: editing.name, description: editing.description, functions: editing.functions }
    : { name: "", description: "", functions: [] };
  const cancel = <Button onClick={onClose}>{t("common.cancel")}</Button>;
  return (
    <Drawer open title={editing ? t("staff.role.edit") : t("staff.role.add")} onClose={onClose} size="large" destroyOnHidden>
      {editing ? (
        <ContractForm<typeof contract.staff.updRole, RoleValues>
          name="role"
          entry={contract.staff.updRole}
          form={form}
          layout="vertical"
          initialValues={initialValues}
          toInput={(v) => ({ id: editing.id, ...v })}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          {fields}
        </ContractForm>
      ) : (
        <ContractForm<typeof contract.staff.addRole, RoleValues>
          name="role"
          entry={contract.staff.addRole}
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          {fields}
        </ContractForm>
      )}
    </Drawer>
  );
}

/** The organisation's roles: what each grants and how many staff hold it. */
export function RoleList() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const member = useAppStore((s) => s.member);
  const canEdit = member ? holds(member, "setup.staff.role") : false;
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
      {roles.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("staff.loadFailed")}
          action={<Button onClick={() => void roles.refetch()}>{t("common.retry")}</Button>}
        />
      ) : null}
      <Table<Role>
        rowKey="id"
        loading={roles.isPending}
        dataSource={roles.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t("staff.role.empty")}>{addButton}</Empty> }}
        columns={[
          { title: t("staff.role.name"), dataIndex: "name" },
          { title: t("staff.role.description"), dataIndex: "description" },
          {
            title: t("staff.role.functions"),
            dataIndex: "functions",
            render: (v: string[]) => (
              <Typography.Text>
                {v
                  .map((code) => labelOf.get(code))
                  .filter((n) => n !== undefined)
                  .map(funcLabel)
                  .join(", ")}
              </Typography.Text>
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
