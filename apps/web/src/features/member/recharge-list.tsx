import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/member";
import { Badge, Button, DatePicker, Form, InputNumber, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { memberKeys, type RechargeRow, useRanks } from "./member.api";

interface OfferValues {
  name: string;
  payAmount: number;
  bonusAmount?: number;
  bonusPoints?: number;
  validFrom: Dayjs;
  validTo: Dayjs;
  rankIds?: string[];
}

const STATUS_BADGE = { draft: "default", active: "success", ended: "error" } as const;

function OfferDrawer({ offer, onClose }: { offer: RechargeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ranks = useRanks();
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <FormDrawer
      name="offer"
      draft={{ key: `recharge-offer:${offer?.id ?? "new"}` }}
      title={offer ? t("member.recharge.edit") : t("member.recharge.add")}
      onClose={onClose}
      add={{
        entry: contract.member.addOrUpdRechargePromotion,
        toInput: (v: OfferValues) => ({
          ...(offer ? { id: offer.id } : {}),
          name: v.name?.trim() ?? "",
          payAmount: centsOf(v.payAmount ?? 0),
          bonusAmount: centsOf(v.bonusAmount ?? 0),
          bonusPoints: v.bonusPoints ?? 0,
          validFrom: v.validFrom?.toISOString() ?? "",
          validTo: v.validTo?.toISOString() ?? "",
          rankIds: v.rankIds ?? [],
        }),
      }}
      initialValues={
        offer
          ? {
              name: offer.name,
              payAmount: yuanOf(offer.payAmount),
              bonusAmount: yuanOf(offer.bonusAmount),
              bonusPoints: offer.bonusPoints,
              validFrom: dayjs(offer.validFrom),
              validTo: dayjs(offer.validTo),
              rankIds: offer.ranks.map((r) => r.id),
            }
          : { bonusAmount: 0, bonusPoints: 0, rankIds: [] }
      }
      invalidate={memberKeys.all}
      savedMessage={t("member.recharge.saved")}
    >
      <Form.Item name="name" label={t("member.recharge.name")} rules={[required(t("member.recharge.name"))]}>
        <TextInput maxLength={40} />
      </Form.Item>
      <Form.Item name="payAmount" label={t("member.recharge.pay")} rules={[required(t("member.recharge.pay"))]}>
        <InputNumber min={0.01} precision={2} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="bonusAmount" label={t("member.recharge.bonus")}>
        <InputNumber min={0} precision={2} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="bonusPoints" label={t("member.recharge.bonusPoints")}>
        <InputNumber min={0} precision={0} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="validFrom" label={t("member.recharge.validFrom")} rules={[required(t("member.recharge.validFrom"))]}>
        <DatePicker showTime style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="validTo" label={t("member.recharge.validTo")} rules={[required(t("member.recharge.validTo"))]}>
        <DatePicker showTime style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="rankIds" label={t("member.recharge.ranks")} extra={t("member.recharge.ranksHint")}>
        <Select mode="multiple" loading={ranks.isFetching} options={(ranks.data ?? []).map((r) => ({ value: r.id, label: r.name }))} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The Recharge offers tab: pay X, get Y; with setup.rank.recharge, drafts are edited, then started and ended (never back). */
export function RechargeList() {
  const { t } = useTranslation();
  const write = useWrite(memberKeys.all);
  const [editing, setEditing] = useState<RechargeRow | null | "new">(null);
  const canManage = useHolds("setup.rank.recharge");

  const move = (offer: RechargeRow, status: "active" | "ended") =>
    write(
      () => call(contract.member.updRechargeStatus, { id: offer.id, status }),
      t("member.recharge.changed", { status: t(`member.recharge.statuses.${status}`) }),
    );

  return (
    <>
      <ListPage<RechargeRow>
        variant="section"
        title={t("member.recharge.title")}
        entry={contract.member.selRechargeManageByPage}
        queryKey={memberKeys.list("recharge", {})}
        paramPrefix="r."
        filters={[
          { kind: "text", name: "name", label: t("member.recharge.name") },
          {
            kind: "select",
            name: "status",
            label: t("member.recharge.status"),
            options: (["draft", "active", "ended"] as const).map((s) => ({ value: s, label: t(`member.recharge.statuses.${s}`) })),
          },
        ]}
        rowKey="id"
        toolbar={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
              {t("member.recharge.add")}
            </Button>
          ) : null
        }
        empty={{ description: t("member.recharge.empty") }}
        columns={[
          { title: t("member.recharge.name"), dataIndex: "name", importance: "key", width: 200 },
          {
            title: t("member.recharge.pay"),
            dataIndex: "payAmount",
            importance: "key",
            align: "right",
            render: (v: number) => formatCents(v),
          },
          { title: t("member.recharge.bonus"), dataIndex: "bonusAmount", align: "right", render: (v: number) => formatCents(v) },
          { title: t("member.recharge.bonusPoints"), dataIndex: "bonusPoints", align: "right" },
          {
            title: t("member.recharge.validity"),
            key: "validity",
            width: 170,
            render: (_, r) => `${dayjs(r.validFrom).format("YYYY-MM-DD HH:mm")} – ${dayjs(r.validTo).format("YYYY-MM-DD HH:mm")}`,
          },
          {
            title: t("member.recharge.ranks"),
            dataIndex: "ranks",
            render: (v: RechargeRow["ranks"]) => (v.length ? v.map((r) => r.name).join(", ") : t("member.recharge.allMembers")),
          },
          {
            title: t("member.recharge.status"),
            dataIndex: "status",
            importance: "key",
            render: (v: RechargeRow["status"]) => <Badge status={STATUS_BADGE[v]} text={t(`member.recharge.statuses.${v}`)} />,
          },
          ...actionsColumn<RechargeRow>({
            title: t("member.fields.actions"),
            show: canManage,
            actions: (r) => [
              r.status === "draft" && {
                key: "edit",
                label: t("member.recharge.edit"),
                ariaLabel: t("member.recharge.editOffer", { name: r.name }),
                onClick: () => setEditing(r),
              },
              r.status === "draft" && {
                key: "start",
                label: t("member.recharge.start"),
                ariaLabel: t("member.recharge.startOffer", { name: r.name }),
                confirm: { title: t("member.recharge.startConfirm", { name: r.name }) },
                onClick: () => move(r, "active"),
              },
              r.status === "active" && {
                key: "end",
                label: t("member.recharge.end"),
                ariaLabel: t("member.recharge.endOffer", { name: r.name }),
                danger: true,
                confirm: { title: t("member.recharge.endConfirm", { name: r.name }) },
                onClick: () => move(r, "ended"),
              },
            ],
          }),
        ]}
      />
      {editing ? <OfferDrawer offer={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
