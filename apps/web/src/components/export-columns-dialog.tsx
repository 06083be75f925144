import { DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import type { InputOf } from "@sbo/contract/define";
import { type Sheet, sheetOptions } from "@sbo/contract/sheets";
import * as contract from "@sbo/contract/templates";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Checkbox, Form, Modal, Select, Space, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { useWrite } from "@/platform/use-write";
import { TextInput } from "./text-input";

/** The query key of a list's saved export column sets. */
const columnSetsKey = (type: string) => ["templates", type] as const;

export interface ColumnsDialogProps {
  sheet: Sheet;
  initial: string[];
  onCancel: () => void;
  onExport: (columns: string[]) => void;
}

/** Choose the file's columns (in the sheet's order), apply a saved set, save the choice, delete a saved set. */
export default function ColumnsDialog({ sheet, initial, onCancel, onExport }: ColumnsDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const lang = currentLanguage();
  const type = `${sheet.list}.exportColumns` as const;
  // One write each, so each button shows its own progress.
  const saveWrite = useWrite(columnSetsKey(type));
  const removeWrite = useWrite(columnSetsKey(type));
  const saved = useQuery({
    queryKey: columnSetsKey(type),
    queryFn: ({ signal }) => call(contract.templates.selDataTempByType, { type }, { notify: false, signal }),
  });
  const all = Object.keys(sheet.headers);
  const [chosen, setChosen] = useState<string[]>(initial);
  const [setId, setSetId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const nameId = useId();
  const listId = useId();
  const inOrder = (keys: readonly unknown[]) => all.filter((k) => keys.includes(k));
  const current = saved.data?.find((s) => s.id === setId);

  const apply = (id: string) => {
    const set = saved.data?.find((s) => s.id === id);
    const columns = Array.isArray(set?.content.columns) ? inOrder(set.content.columns) : [];
    if (!set || columns.length === 0) return;
    setSetId(id);
    setChosen(columns);
    setName(set.name);
  };

  const save = () =>
    saveWrite(
      () =>
        call(contract.templates.addDataTemp, { type, name: name.trim(), content: { columns: chosen } } as InputOf<
          typeof contract.templates.addDataTemp
        >),
      (out) => t("exportColumns.saved", { name: out.name }),
      (out) => setSetId(out.id),
    );

  const remove = () => {
    if (!current) return;
    modal.confirm({
      title: t("exportColumns.delete"),
      content: t("exportColumns.deleteConfirm", { name: current.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        const deleted = await removeWrite(async () => {
          await call(contract.templates.delDataTemp, { id: current.id });
          setSetId(null);
        }, t("exportColumns.deleted"));
        // Refused (call() said why): the question stays open, as a failed onOk leaves it.
        if (!deleted) throw new Error("The column set was not deleted.");
      },
    });
  };

  return (
    <Modal
      open
      title={t("exportColumns.title")}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t("common.cancel")}
        </Button>,
        <Button key="export" type="primary" icon={<DownloadOutlined />} disabled={chosen.length === 0} onClick={() => onExport(chosen)}>
          {t("exportColumns.export", { count: chosen.length })}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t("exportColumns.sets")} htmlFor={`${listId}-sets`}>
          <Space.Compact style={{ width: "100%" }}>
            <Select<string>
              id={`${listId}-sets`}
              style={{ flex: 1 }}
              placeholder={t("exportColumns.applySet")}
              loading={saved.isFetching}
              value={current ? current.id : null}
              onSelect={apply}
              notFoundContent={t("exportColumns.none")}
              options={(saved.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={t("exportColumns.delete")}
              title={t("exportColumns.delete")}
              disabled={!current}
              loading={removeWrite.pending}
              onClick={remove}
            />
          </Space.Compact>
        </Form.Item>
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={`${listId}-hint`}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{t("exportColumns.columns")}</legend>
          <Typography.Paragraph type="secondary" id={`${listId}-hint`}>
            {chosen.length === 0 ? t("exportColumns.chooseOne") : t("exportColumns.count", { count: chosen.length, total: all.length })}
          </Typography.Paragraph>
          <Space wrap>
            <Button size="small" onClick={() => setChosen(all)}>
              {t("exportColumns.all")}
            </Button>
            <Button size="small" onClick={() => setChosen([])}>
              {t("exportColumns.noneChosen")}
            </Button>
          </Space>
          <Checkbox.Group
            style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))", gap: 8, marginTop: 12 }}
            value={chosen}
            onChange={(values) => setChosen(inOrder(values))}
            options={sheetOptions(sheet, lang)}
          />
        </fieldset>
        <Form.Item label={t("exportColumns.saveAs")} htmlFor={nameId} extra={t("exportColumns.saveHint")} style={{ marginTop: 16 }}>
          <Space.Compact style={{ width: "100%" }}>
            <TextInput id={nameId} maxLength={40} value={name} onChange={(e) => setName(e.target.value)} />
            <Button loading={saveWrite.pending} disabled={name.trim() === "" || chosen.length === 0} onClick={() => void save()}>
              {t("common.save")}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
