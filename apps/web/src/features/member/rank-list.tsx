import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { contract } from "@sbo/contract";
import { App, Button, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { type RankRow, useInvalidateMembers, useRanks } from "./member.api";
import { QueryTable } from "./query-table";

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
  const { message } = App.useApp();
  const [form] = Form.useForm<RankValues>();
  const invalidate = useInvalidateMembers();
  const type = Form.useWatch("thresholdType", form) ?? rank?.thresholdType ?? "spend";
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <Drawer open title={rank ? t("member.ranks.edit") : t("member.ranks.add")} onClose={onClose} size={480} destroyOnHidden>
      <ContractForm<typeof contract.member.addMemberRank, RankValues>
        name="rank"
        entry={contract.member.addMemberRank}
        form={form}
        initialValues={toValues(rank)}
        toInput={(v) => rankInput(v, rank?.id)}
        onSuccess={async () => {
          await invalidate();
          void message.success(t("member.ranks.saved"));
          onClose();
        }}
        submitText={t("common.save")}
        actions={<Button onClick={onClose}>{t("common.cancel")}</Button>}
      >
        <Form.Item name="name" label={t("member.ranks.name")} rules={[required(t("member.ranks.name"))]}>
          <Input maxLength={20} />
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
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </ContractForm>
    </Drawer>
  );
}

/** The Ranks tab: ranks by level with member counts; add and edit in a drawer; delete (refused while in use). */
export function RankList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ranks = useRanks();
  const invalidate = useInvalidateMembers();
  const [editing, setEditing] = useState<RankRow | null | "new">(null);

  const remove = async (rank: RankRow) => {
    try {
      await call(contract.member.delMemberRank, { id: rank.id });
      await invalidate();
      void message.success(t("member.ranks.deleted"));
    } catch {
      // call() showed the refusal (e.g. the rank is in use) in the Notice dialog.
    }
  };

  return (
    <section aria-labelledby="member-ranks-title">
      <PageHeader
        level={2}
        titleId="member-ranks-title"
        title={t("member.ranks.title")}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
            {t("member.ranks.add")}
          </Button>
        }
      />
      <QueryTable<RankRow>
        query={ranks}
        label={t("member.ranks.title")}
        loadFailed={t("member.ranks.loadFailed")}
        empty={t("member.ranks.empty")}
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
          {
            title: t("member.fields.actions"),
            key: "actions",
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t("member.ranks.editRank", { name: r.name })}
                  onClick={() => setEditing(r)}
                >
                  {t("member.ranks.edit")}
                </Button>
                <Popconfirm
                  title={t("member.ranks.deleteConfirm", { name: r.name })}
                  okText={t("common.yes")}
                  cancelText={t("common.no")}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(r)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("member.ranks.deleteRank", { name: r.name })}>
                    {t("member.ranks.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing ? <RankDrawer rank={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
