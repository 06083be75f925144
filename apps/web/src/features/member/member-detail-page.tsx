import { ArrowLeftOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/member";
import { Card, Descriptions, Form, Radio, Select, Skeleton, Space, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ContractForm } from "@/components/form";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { TextArea } from "@/components/text-input";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type MemberDetail, memberKeys, memberQuery, useMember, useRanks, useTags } from "./member.api";
import { MemberTag, MemberTags } from "./member-tags";

const LIST = paths.memberList();

const CardTitle = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
    {children}
  </Typography.Title>
);

interface EditValues {
  rankId?: string | null;
  tagIds: string[];
  status: "active" | "frozen";
  remark?: string;
}

function EditForm({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const ranks = useRanks();
  const tags = useTags();
  const write = useWrite(memberKeys.all);
  return (
    <ContractForm<typeof contract.member.updMemberById, EditValues>
      name="memberEdit"
      draft={{ key: `member.edit:${member.id}` }}
      entry={contract.member.updMemberById}
      form={form}
      initialValues={{
        rankId: member.rank?.id ?? null,
        tagIds: member.tags.map((x) => x.id),
        status: member.status,
        remark: member.remark,
      }}
      toInput={(v) => ({ id: member.id, rankId: v.rankId ?? null, tagIds: v.tagIds ?? [], status: v.status, remark: v.remark ?? "" })}
      onSuccess={async () => {
        await write.done(t("member.detail.saved"));
      }}
      submitText={t("common.save")}
    >
      <Form.Item name="rankId" label={t("member.fields.rank")} extra={t("member.detail.manualRank")}>
        <Select
          allowClear
          placeholder={t("member.noRank")}
          loading={ranks.isFetching}
          options={(ranks.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name="tagIds" label={t("member.fields.tags")}>
        <Select
          mode="multiple"
          loading={tags.isFetching}
          optionFilterProp="title"
          options={(tags.data ?? []).map((x) => ({ value: x.id, title: x.name, label: <MemberTag tag={x} /> }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t("member.fields.status")}>
        <Radio.Group options={(["active", "frozen"] as const).map((s) => ({ value: s, label: t(`member.status.${s}`) }))} />
      </Form.Item>
      <Form.Item name="remark" label={t("member.fields.remark")}>
        <TextArea rows={3} maxLength={500} />
      </Form.Item>
    </ContractForm>
  );
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { boId }) => {
  if (boId) void client.prefetchQuery(memberQuery(boId));
};

/**
 * `paths.memberDetail(boId)` (:boId is the member's id): profile, rank, tags, orders and spend;
 * holders of setup.rank.edit also edit rank, tags, status, remark.
 */
export function Component() {
  const { t } = useTranslation();
  const { boId = "" } = useParams();
  const member = useMember(boId);
  const canEdit = useHolds("setup.rank.edit");
  const back = (
    <Link to={LIST}>
      <Space>
        <ArrowLeftOutlined />
        {t("member.detail.back")}
      </Space>
    </Link>
  );

  if (member.error) {
    return (
      <>
        <PageHeader title={t("member.detail.fallbackTitle")} extra={back} />
        <LoadFailed title={t("member.detail.loadFailed")} error={member.error} onRetry={() => void member.refetch()} />
      </>
    );
  }
  const m = member.data;
  return (
    <>
      <PageHeader title={m ? t("member.detail.title", { name: m.name }) : t("member.detail.fallbackTitle")} extra={back} />
      {!m ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          <Card title={<CardTitle>{t("member.detail.profile")}</CardTitle>}>
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              items={[
                { key: "memberNo", label: t("member.fields.memberNo"), children: m.memberNo },
                { key: "name", label: t("member.fields.name"), children: m.name },
                { key: "phone", label: t("member.fields.phone"), children: m.phone },
                { key: "gender", label: t("member.fields.gender"), children: m.gender ? t(`member.gender.${m.gender}`) : "—" },
                { key: "birthday", label: t("member.fields.birthday"), children: m.birthday ?? "—" },
                { key: "rank", label: t("member.fields.rank"), children: m.rank?.name ?? t("member.noRank") },
                { key: "tags", label: t("member.fields.tags"), children: <MemberTags tags={m.tags} /> },
                { key: "orderCount", label: t("member.fields.orderCount"), children: m.orderCount },
                { key: "totalSpend", label: t("member.fields.totalSpend"), children: formatCents(m.totalSpend) },
                { key: "points", label: t("member.fields.points"), children: m.points },
                {
                  key: "lastOrderAt",
                  label: t("member.fields.lastOrderAt"),
                  children: m.lastOrderAt ? dayjs(m.lastOrderAt).format("YYYY-MM-DD HH:mm") : "—",
                },
                { key: "joinedAt", label: t("member.fields.joinedAt"), children: dayjs(m.joinedAt).format("YYYY-MM-DD HH:mm") },
                { key: "status", label: t("member.fields.status"), children: t(`member.status.${m.status}`) },
                { key: "source", label: t("member.fields.source"), children: m.source },
                { key: "remark", label: t("member.fields.remark"), children: m.remark || "—" },
              ]}
            />
          </Card>
          {canEdit ? (
            <Card title={<CardTitle>{t("member.detail.edit")}</CardTitle>} style={{ maxWidth: 640 }}>
              <EditForm key={m.updatedAt} member={m} />
            </Card>
          ) : null}
        </Space>
      )}
    </>
  );
}
