import { session } from "@sbo/contract/session";
import { staff } from "@sbo/contract/staff";
import { Button, Form, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { containsText, ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { ALL_NODES, FunctionPicker, funcLabel } from "./function-tree";
import { type Role, staffKeys } from "./staff.api";

/** The calls of the domains this file uses (their own modules, not the whole contract). */
const contract = { session, staff };

import { TextArea, TextInput } from "@/components/text-input";

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
        <TextInput maxLength={32} />
      </Form.Item>
      <Form.Item name="description" label={t("staff.role.description")}>
        <TextArea maxLength={200} autoSize={{ minRows: 2 }} />
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

/** The organisation's roles: what each grants and how many staff hold it; a name filter over the whole list (the call answers every role). */
export function RoleList() {
  const { t } = useTranslation();
  const write = useWrite(staffKeys.all);
  const canEdit = useHolds("setup.staff.role");
  const [open, setOpen] = useState<Role | "new" | null>(null);

  const addButton = canEdit ? (
    <Button type="primary" onClick={() => setOpen("new")}>
      {t("staff.role.add")}
    </Button>
  ) : null;
  return (
    <>
      <ListPage<Role>
        variant="section"
        title={t("staff.tabs.roles")}
        fetch={localPages(
          (_filters, signal) => call(contract.session.selRoleListBySysId, {}, { notify: false, signal }),
          (r, f) => containsText(r.name, f.name),
        )}
        queryKey={staffKeys.list("rolePages", {})}
        paramPrefix="role."
        filters={[{ kind: "text", name: "name", label: t("staff.role.name") }]}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("staff.role.empty"), action: addButton }}
        columns={[
          { title: t("staff.role.name"), dataIndex: "name" },
          { title: t("staff.role.description"), dataIndex: "description", width: 220 },
          {
            title: t("staff.role.functions"),
            dataIndex: "functions",
            width: 360,
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
          ...actionsColumn<Role>({
            title: t("staff.actions"),
            show: canEdit,
            actions: (r) => [
              { key: "edit", label: t("staff.edit"), ariaLabel: `${t("staff.edit")}: ${r.name}`, onClick: () => setOpen(r) },
              {
                key: "delete",
                label: t("staff.role.delete"),
                ariaLabel: `${t("staff.role.delete")}: ${r.name}`,
                danger: true,
                confirm: {
                  title: t("staff.role.confirmDelete", { name: r.name }),
                  description:
                    r.staffCount > 0 ? t("staff.role.confirmDeleteText", { count: r.staffCount }) : t("staff.role.confirmDeleteUnused"),
                },
                onClick: () => write(() => call(contract.staff.delRole, { id: r.id }), t("staff.role.deleted")),
              },
            ],
          }),
        ]}
      />
      {open ? <RoleDrawer role={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
