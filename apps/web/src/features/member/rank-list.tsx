import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/member";
import { Button, Form, InputNumber, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { containsText, ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextArea, TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { memberKeys, type RankRow } from "./member.api";

interface RankValues {
  name: string;
  level: number;
  thresholdType: "spend" | "points";
  /** Yuan for spend, points for points. */
  thresholdValue: number;
  /** Percent of the price paid (95 = 5 % off). */
  discount: number;
  benefits?: string;
}

const toValues = (r: RankRow | null): Partial<RankValues> =>
  r
    ? {
        name: r.name,
        level: r.level,
        thresholdType: r.thresholdType,
        thresholdValue: r.thresholdType === "spend" ? yuanOf(r.thresholdValue) : r.thresholdValue,
        discount: r.discount / 100,
        benefits: r.benefits,
      }
    : { thresholdType: "spend", thresholdValue: 0, discount: 100 };

export const rankInput = (v: RankValues, id?: string) => ({
  ...(id ? { id } : {}),
  name: v.name?.trim() ?? "",
  level: v.level,
  thresholdType: v.thresholdType,
  thresholdValue: v.thresholdType === "spend" ? centsOf(v.thresholdValue ?? 0) : v.thresholdValue,
  discount: Math.round((v.discount ?? 0) * 100),
  benefits: v.benefits ?? "",
});

function RankDrawer({ rank, onClose }: { rank: RankRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RankValues>();
  const type = Form.useWatch("thresholdType", form) ?? rank?.thresholdType ?? "spend";
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <FormDrawer
      name="rank"
      draft={{ key: `rank:${rank?.id ?? "new"}` }}
      title={rank ? t("member.ranks.edit") : t("member.ranks.add")}
      onClose={onClose}
      form={form}
      add={{ entry: contract.member.addMemberRank, toInput: (v) => rankInput(v, rank?.id) }}
      initialValues={toValues(rank)}
      invalidate={memberKeys.all}
      savedMessage={t("member.ranks.saved")}
    >
      <Form.Item name="name" label={t("member.ranks.name")} rules={[required(t("member.ranks.name"))]}>
        <TextInput maxLength={20} />
      </Form.Item>
      <Form.Item
        name="level"
        label={t("member.ranks.level")}
        extra={t("member.ranks.levelHint")}
        rules={[required(t("member.ranks.level"))]}
      >
        <InputNumber min={1} max={99} precision={0} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="thresholdType" label={t("member.ranks.thresholdType")}>
        <Select options={(["spend", "points"] as const).map((value) => ({ value, label: t(`member.ranks.types.${value}`) }))} />
      </Form.Item>
      <Form.Item
        name="thresholdValue"
        label={type === "spend" ? t("member.ranks.thresholdSpend") : t("member.ranks.thresholdPoints")}
        rules={[required(t("member.ranks.threshold"))]}
      >
        <InputNumber min={0} precision={type === "spend" ? 2 : 0} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item
        name="discount"
        label={t("member.ranks.discount")}
        extra={t("member.ranks.discountHint")}
        rules={[required(t("member.ranks.discount"))]}
      >
        <InputNumber min={0.01} max={100} precision={2} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="benefits" label={t("member.ranks.benefits")}>
        <TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The Ranks tab: ranks by level with member counts and a name filter; with setup.rank.edit, add and edit in a drawer and delete (refused while in use). */
export function RankList() {
  const { t } = useTranslation();
  const write = useWrite(memberKeys.all);
  const [editing, setEditing] = useState<RankRow | null | "new">(null);
  const canEdit = useHolds("setup.rank.edit");
  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("member.ranks.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<RankRow>
        variant="section"
        title={t("member.ranks.title")}
        // The call answers every rank (a shop has a handful): the name filter and the pages apply to that list.
        fetch={localPages(
          (_filters, signal) => call(contract.member.selMemberRankList, {}, { notify: false, signal }),
          (r, f) => containsText(r.name, f.name),
        )}
        queryKey={memberKeys.list("rankPages", {})}
        paramPrefix="rank."
        filters={[{ kind: "text", name: "name", label: t("member.ranks.name") }]}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("member.ranks.empty"), action: addButton }}
        columns={[
          { title: t("member.ranks.level"), dataIndex: "level", width: 80 },
          { title: t("member.ranks.name"), dataIndex: "name" },
          {
            title: t("member.ranks.threshold"),
            key: "threshold",
            render: (_, r) =>
              `${t(`member.ranks.types.${r.thresholdType}`)} ≥ ${r.thresholdType === "spend" ? formatCents(r.thresholdValue) : r.thresholdValue}`,
          },
          { title: t("member.ranks.discount"), dataIndex: "discount", render: (v: number) => `${v / 100}%` },
          { title: t("member.ranks.benefits"), dataIndex: "benefits" },
          { title: t("member.ranks.members"), dataIndex: "memberCount", align: "right" },
          ...actionsColumn<RankRow>({
            title: t("member.fields.actions"),
            show: canEdit,
            actions: (r) => [
              {
                key: "edit",
                label: t("member.ranks.edit"),
                ariaLabel: t("member.ranks.editRank", { name: r.name }),
                onClick: () => setEditing(r),
              },
              {
                key: "delete",
                label: t("member.ranks.delete"),
                ariaLabel: t("member.ranks.deleteRank", { name: r.name }),
                danger: true,
                confirm: { title: t("member.ranks.deleteConfirm", { name: r.name }) },
                onClick: () => write(() => call(contract.member.delMemberRank, { id: r.id }), t("member.ranks.deleted")),
              },
            ],
          }),
        ]}
      />
      {editing ? <RankDrawer rank={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
