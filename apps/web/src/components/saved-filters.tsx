import { DeleteOutlined, SaveOutlined } from "@ant-design/icons";
import type { InputOf } from "@sbo/contract/define";
import type { DataTempType } from "@sbo/contract/templates";
import * as contract from "@sbo/contract/templates";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Form, Modal, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { type FilterField, type FilterValues, readFilters, toRequestFilters, writeFilters } from "@/components/list-filters";
import { call } from "@/platform/api-client";
import { useWrite } from "@/platform/use-write";
import { TextInput } from "./text-input";

/** The lists that have saved filters: a saved-template kind `<list>.filters` declared in the contract (templates.ts). */
export type SavedFiltersList = Extract<DataTempType, `${string}.filters`> extends `${infer L}.filters` ? L : never;

/** Whether two saved contents hold the same filters, whatever the order of their keys. */
const sameContent = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const canonical = (c: Record<string, unknown>) => JSON.stringify(Object.entries(c).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return canonical(a) === canonical(b);
};

/** The query key of a list's saved filters (refreshed after a save or a delete). */
export const savedFiltersKey = (list: SavedFiltersList) => ["templates", `${list}.filters`] as const;

export interface SavedFiltersProps {
  /** Which list, e.g. "memberList": its saved filters are templates of kind `memberList.filters`. */
  listKey: SavedFiltersList;
  fields: readonly FilterField[];
  /** The list's URL prefix of its filters (see list-filters.ts). */
  prefix: string;
  /** The request filters (as the list's call takes them) → the saved content; default: as they are. */
  toContent?: (filters: Record<string, string>) => Record<string, unknown>;
  /** Saved content → the filters written to the URL; default: as they are. */
  fromContent?: (content: Record<string, unknown>) => FilterValues;
}

/**
 * "Saved filters" of any list: save the filters in the URL under a name (a saved template of kind
 * `<listKey>.filters`, the caller's own), apply one, delete one.
 */
export function SavedFilters({ listKey, fields, prefix, toContent = (f) => f, fromContent = (c) => c as FilterValues }: SavedFiltersProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const type = `${listKey}.filters` as const;
  const saved = useQuery({
    queryKey: savedFiltersKey(listKey),
    queryFn: ({ signal }) => call(contract.templates.selDataTempByType, { type }, { notify: false, signal }),
  });
  const write = useWrite(savedFiltersKey(listKey));
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const current = () => toContent(toRequestFilters(readFilters(searchParams, fields, prefix), fields));
  // The template chosen last, shown only while the list's filters are still its own (not after Reset or a change).
  const chosenTemplate = saved.data?.find((s) => s.id === chosen && sameContent(s.content, current()));

  const apply = (id: string) => {
    setChosen(id);
    const template = saved.data?.find((s) => s.id === id);
    if (template) setSearchParams(writeFilters(searchParams, fields, fromContent(template.content), prefix));
  };

  const remove = () => {
    if (!chosenTemplate) return;
    modal.confirm({
      title: t("savedFilters.delete"),
      content: t("savedFilters.deleteConfirm", { name: chosenTemplate.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        const deleted = await write(async () => {
          await call(contract.templates.delDataTemp, { id: chosenTemplate.id });
          setChosen(null);
        }, t("savedFilters.deleted"));
        // Refused (call() said why): the question stays open, as a failed onOk leaves it.
        if (!deleted) throw new Error("The saved filters were not deleted.");
      },
    });
  };

  return (
    <Space wrap>
      <Select<string>
        aria-label={t("savedFilters.label")}
        style={{ minWidth: 200 }}
        placeholder={t("savedFilters.placeholder")}
        loading={saved.isFetching}
        value={chosenTemplate ? chosen : null}
        onSelect={apply}
        notFoundContent={t("savedFilters.none")}
        options={(saved.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
      />
      <Button
        icon={<DeleteOutlined />}
        aria-label={t("savedFilters.delete")}
        title={t("savedFilters.delete")}
        disabled={!chosenTemplate}
        onClick={remove}
      />
      <Button icon={<SaveOutlined />} onClick={() => setSaving(true)}>
        {t("savedFilters.save")}
      </Button>
      <Modal title={t("savedFilters.saveTitle")} open={saving} onCancel={() => setSaving(false)} footer={null} destroyOnHidden>
        <ContractForm<typeof contract.templates.addDataTemp, { name: string }>
          name="savedFilter"
          entry={contract.templates.addDataTemp}
          form={form}
          // The content is checked against the kind's schema by the contract (client and server).
          toInput={(v) => ({ type, name: v.name?.trim() ?? "", content: current() }) as InputOf<typeof contract.templates.addDataTemp>}
          onSuccess={async (out) => {
            setSaving(false);
            form.resetFields();
            await write.done(t("savedFilters.saved", { name: out.name }));
            setChosen(out.id);
          }}
          submitText={t("common.save")}
          actions={<Button onClick={() => setSaving(false)}>{t("common.cancel")}</Button>}
        >
          <Form.Item
            name="name"
            label={t("savedFilters.name")}
            extra={t("savedFilters.nameHint")}
            rules={[{ required: true, message: t("form.required", { field: t("savedFilters.name") }) }]}
          >
            <TextInput maxLength={40} />
          </Form.Item>
        </ContractForm>
      </Modal>
    </Space>
  );
}
