import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/member";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { ColorSwatch } from "@/components/tag-group";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { memberKeys, type TagRow } from "./member.api";
import { MemberTag } from "./member-tags";

interface TagValues {
  name: string;
  color: string;
}

function TagDrawer({ tag, onClose }: { tag: TagRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDrawer
      name="tag"
      title={tag ? t("member.tags.edit") : t("member.tags.add")}
      onClose={onClose}
      add={{
        entry: contract.member.addOrUpdMemberTag,
        toInput: (v: TagValues) => ({ ...(tag ? { id: tag.id } : {}), name: v.name?.trim() ?? "", color: v.color }),
      }}
      initialValues={tag ? { name: tag.name, color: tag.color } : { color: "#1677ff" }}
      invalidate={memberKeys.all}
      savedMessage={t("member.tags.saved")}
    >
      <Form.Item
        name="name"
        label={t("member.tags.name")}
        rules={[{ required: true, message: t("form.required", { field: t("member.tags.name") }) }]}
      >
        <TextInput maxLength={20} />
      </Form.Item>
      <Form.Item name="color" label={t("member.tags.color")}>
        <Input type="color" style={{ width: 80 }} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The Tags tab: tags with their colour and member counts, filtered by name (the call's filter); add, edit, delete with setup.rank.edit. */
export function TagList() {
  const { t } = useTranslation();
  const write = useWrite(memberKeys.all);
  const [editing, setEditing] = useState<TagRow | null | "new">(null);
  const canEdit = useHolds("setup.rank.edit");
  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("member.tags.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<TagRow>
        variant="section"
        title={t("member.tags.title")}
        fetch={localPages((f, signal) =>
          call(contract.member.selMemberTagByParam, f.name ? { name: String(f.name) } : {}, { notify: false, signal }),
        )}
        queryKey={memberKeys.list("tagPages", {})}
        paramPrefix="tag."
        filters={[{ kind: "text", name: "name", label: t("member.tags.name") }]}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("member.tags.empty"), action: addButton }}
        columns={[
          { title: t("member.tags.name"), dataIndex: "name", render: (_: string, r) => <MemberTag tag={r} /> },
          {
            title: t("member.tags.color"),
            dataIndex: "color",
            render: (v: string, r) => <ColorSwatch color={v} label={t("member.tags.colorOf", { name: r.name })} />,
          },
          { title: t("member.tags.members"), dataIndex: "memberCount", align: "right" },
          ...actionsColumn<TagRow>({
            title: t("member.fields.actions"),
            show: canEdit,
            actions: (r) => [
              {
                key: "edit",
                label: t("member.tags.edit"),
                ariaLabel: t("member.tags.editTag", { name: r.name }),
                onClick: () => setEditing(r),
              },
              {
                key: "delete",
                label: t("member.ranks.delete"),
                ariaLabel: t("member.tags.deleteTag", { name: r.name }),
                danger: true,
                confirm: { title: t("member.tags.deleteConfirm", { name: r.name, count: r.memberCount }) },
                onClick: () => write(() => call(contract.member.delMemberTagById, { id: r.id }), t("member.tags.deleted")),
              },
            ],
          }),
        ]}
      />
      {editing ? <TagDrawer tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
