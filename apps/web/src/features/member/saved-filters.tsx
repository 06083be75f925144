import { DeleteOutlined, SaveOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/member";
import { App, Button, Form, Input, Modal, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { type FilterField, readFilters, toRequestFilters, writeFilters } from "@/components/list-filters";
import { call } from "@/platform/api-client";
import { useInvalidateMembers, useSavedFilters } from "./member.api";
import { toServerFilters, toUrlFilters } from "./member-filters";

/**
 * "Saved filters" of the member list: save the filters in the URL under a name (a data template of
 * type memberList.filters), apply one, delete one.
 */
export function SavedFilters({ fields, prefix }: { fields: readonly FilterField[]; prefix: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const saved = useSavedFilters();
  const invalidate = useInvalidateMembers();
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const current = () => toServerFilters(toRequestFilters(readFilters(searchParams, fields, prefix), fields));
  const chosenTemplate = saved.data?.find((s) => s.id === chosen);

  const apply = (id: string) => {
    setChosen(id);
    const template = saved.data?.find((s) => s.id === id);
    if (template) setSearchParams(writeFilters(searchParams, fields, toUrlFilters(template.content), prefix));
  };

  const remove = () => {
    if (!chosenTemplate) return;
    modal.confirm({
      title: t("member.saved.delete"),
      content: t("member.saved.deleteConfirm", { name: chosenTemplate.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(contract.member.delDataTemp, { id: chosenTemplate.id });
        setChosen(null);
        await invalidate();
        void message.success(t("member.saved.deleted"));
      },
    });
  };

  return (
    <Space wrap>
      <Select<string>
        aria-label={t("member.saved.label")}
        style={{ minWidth: 200 }}
        placeholder={t("member.saved.placeholder")}
        loading={saved.isFetching}
        value={chosenTemplate ? chosen : null}
        onSelect={apply}
        notFoundContent={t("member.saved.none")}
        options={(saved.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
      />
      <Button
        icon={<DeleteOutlined />}
        aria-label={t("member.saved.delete")}
        title={t("member.saved.delete")}
        disabled={!chosenTemplate}
        onClick={remove}
      />
      <Button icon={<SaveOutlined />} onClick={() => setSaving(true)}>
        {t("member.saved.save")}
      </Button>
      <Modal title={t("member.saved.saveTitle")} open={saving} onCancel={() => setSaving(false)} footer={null} destroyOnHidden>
        <ContractForm<typeof contract.member.addDataTemp, { name: string }>
          name="savedFilter"
          entry={contract.member.addDataTemp}
          form={form}
          toInput={(v) => ({ type: "memberList.filters", name: v.name?.trim() ?? "", content: current() })}
          onSuccess={async (out) => {
            setSaving(false);
            form.resetFields();
            await invalidate();
            setChosen(out.id);
            void message.success(t("member.saved.saved", { name: out.name }));
          }}
          submitText={t("common.save")}
          actions={<Button onClick={() => setSaving(false)}>{t("common.cancel")}</Button>}
        >
          <Form.Item
            name="name"
            label={t("member.saved.name")}
            extra={t("member.saved.nameHint")}
            rules={[{ required: true, message: t("form.required", { field: t("member.saved.name") }) }]}
          >
            <Input maxLength={40} />
          </Form.Item>
        </ContractForm>
      </Modal>
    </Space>
  );
}
