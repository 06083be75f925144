import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { contract } from "@sbo/contract";
import { App, Button, Form, Input, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
import { type TagRow, useInvalidateMembers, useTags } from "./member.api";
import { MemberTag } from "./member-tags";
import { QueryTable } from "./query-table";

interface TagValues {
  name: string;
  color: string;
}

function TagDialog({ tag, onClose }: { tag: TagRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TagValues>();
  const invalidate = useInvalidateMembers();
  return (
    <Modal open title={tag ? t("member.tags.edit") : t("member.tags.add")} onCancel={onClose} footer={null} destroyOnHidden>
      <ContractForm<typeof contract.member.addOrUpdMemberTag, TagValues>
        name="tag"
        entry={contract.member.addOrUpdMemberTag}
        form={form}
        initialValues={tag ? { name: tag.name, color: tag.color } : { color: "#1677ff" }}
        toInput={(v) => ({ ...(tag ? { id: tag.id } : {}), name: v.name?.trim() ?? "", color: v.color })}
        onSuccess={async () => {
          await invalidate();
          void message.success(t("member.tags.saved"));
          onClose();
        }}
        submitText={t("common.save")}
        actions={<Button onClick={onClose}>{t("common.cancel")}</Button>}
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
      </ContractForm>
    </Modal>
  );
}

/** The Tags tab: tags with member counts and a name filter; add, edit, delete. */
export function TagList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState("");
  const tags = useTags(name);
  const invalidate = useInvalidateMembers();
  const [editing, setEditing] = useState<TagRow | null | "new">(null);

  const remove = async (tag: TagRow) => {
    try {
      await call(contract.member.delMemberTagById, { id: tag.id });
      await invalidate();
      void message.success(t("member.tags.deleted"));
    } catch {
      // call() showed the Notice dialog.
    }
  };

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
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
              {t("member.tags.add")}
            </Button>
          </Space>
        }
      />
      <QueryTable<TagRow>
        query={tags}
        label={t("member.tags.title")}
        loadFailed={t("member.tags.loadFailed")}
        empty={t("member.tags.empty")}
        columns={[
          { title: t("member.tags.name"), dataIndex: "name", render: (_: string, r) => <MemberTag tag={r} /> },
          { title: t("member.tags.color"), dataIndex: "color" },
          { title: t("member.tags.members"), dataIndex: "memberCount", align: "right" },
          {
            title: t("member.fields.actions"),
            key: "actions",
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t("member.tags.editTag", { name: r.name })}
                  onClick={() => setEditing(r)}
                >
                  {t("member.tags.edit")}
                </Button>
                <Popconfirm
                  title={t("member.tags.deleteConfirm", { name: r.name, count: r.memberCount })}
                  okText={t("common.yes")}
                  cancelText={t("common.no")}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(r)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("member.tags.deleteTag", { name: r.name })}>
                    {t("member.ranks.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing ? <TagDialog tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
