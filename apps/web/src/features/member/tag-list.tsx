import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/member";
import { Button, Form, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { PageHeader } from "@/components/page-header";
import { QueryTable } from "@/components/query-table";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { EditDeleteActions } from "./edit-delete-actions";
import { memberKeys, type TagRow, useMemberWrite, useTags } from "./member.api";
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
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="color" label={t("member.tags.color")}>
        <Input type="color" style={{ width: 80 }} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The Tags tab: tags with member counts and a name filter; add, edit, delete with setup.rank.edit. */
export function TagList() {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const tags = useTags(name);
  const write = useMemberWrite();
  const [editing, setEditing] = useState<TagRow | null | "new">(null);
  const canEdit = useHolds("setup.rank.edit");

  return (
    <section aria-labelledby="member-tags-title">
      <PageHeader
        level={2}
        titleId="member-tags-title"
        title={t("member.tags.title")}
        extra={
          <Space wrap>
            <Input.Search
              aria-label={t("member.tags.filter")}
              placeholder={t("member.tags.filter")}
              allowClear
              onSearch={setName}
              style={{ width: 220 }}
            />
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
                {t("member.tags.add")}
              </Button>
            ) : null}
          </Space>
        }
      />
      <QueryTable<TagRow>
        query={tags}
        label={t("member.tags.title")}
        loadFailed={t("member.tags.loadFailed")}
        empty={{ description: t("member.tags.empty") }}
        columns={[
          { title: t("member.tags.name"), dataIndex: "name", render: (_: string, r) => <MemberTag tag={r} /> },
          { title: t("member.tags.color"), dataIndex: "color" },
          { title: t("member.tags.members"), dataIndex: "memberCount", align: "right" },
          ...(canEdit
            ? [
                {
                  title: t("member.fields.actions"),
                  key: "actions",
                  render: (_: unknown, r: TagRow) => (
                    <EditDeleteActions
                      edit={t("member.tags.edit")}
                      editLabel={t("member.tags.editTag", { name: r.name })}
                      onEdit={() => setEditing(r)}
                      remove={t("member.ranks.delete")}
                      removeLabel={t("member.tags.deleteTag", { name: r.name })}
                      confirm={t("member.tags.deleteConfirm", { name: r.name, count: r.memberCount })}
                      onRemove={() => write(() => call(contract.member.delMemberTagById, { id: r.id }), t("member.tags.deleted"))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? <TagDrawer tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
