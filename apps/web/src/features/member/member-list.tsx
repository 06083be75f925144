import * as contract from "@sbo/contract/member";
import { App, Badge, Form, Modal, Radio, Select } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type BulkOutcome, BulkReportDialog } from "@/components/bulk-report";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { SavedFilters } from "@/components/saved-filters";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type MemberRow, memberKeys, useRanks, useTags } from "./member.api";
import { MEMBER_PREFIX, memberFilterFields, toServerFilters, toUrlFilters } from "./member-filters";
import { MemberTag, MemberTags } from "./member-tags";

interface BatchValues {
  tagIds: string[];
  action: "add" | "remove";
}

/** Put tags on (or take them off) the selected members. Resolves when the dialog closes. */
function BatchTagDialog({ ids, onClose }: { ids: string[]; onClose: (outcome?: BulkOutcome) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tags = useTags();
  const write = useWrite(memberKeys.all);
  const [form] = Form.useForm<BatchValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: BatchValues) => {
    setBusy(true);
    try {
      const out = await call(contract.member.batchTagMembers, { memberIds: ids, tagIds: values.tagIds, action: values.action });
      await write.done();
      const done = t("member.batch.done", { count: out.changed });
      // Members left as they were are named in the report (with a link each); else a toast says what changed.
      if (out.refused.length === 0) void message.success(done);
      onClose(out.refused.length ? { title: t("member.batch.title", { count: ids.length }), done, report: out } : undefined);
    } catch {
      // call() showed the Notice dialog; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t("member.batch.title", { count: ids.length })}
      onCancel={() => onClose()}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy }}
      okText={t("common.submit")}
      cancelText={t("common.cancel")}
      destroyOnHidden
    >
      <Form<BatchValues>
        name="batchTag"
        form={form}
        layout="vertical"
        initialValues={{ action: "add", tagIds: [] }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="tagIds" label={t("member.batch.tags")} rules={[{ required: true, message: t("member.batch.pickTags") }]}>
          <Select
            mode="multiple"
            loading={tags.isFetching}
            options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: <MemberTag tag={tag} />, title: tag.name }))}
            optionFilterProp="title"
          />
        </Form.Item>
        <Form.Item name="action" label={t("member.batch.action")}>
          <Radio.Group
            options={[
              { value: "add", label: t("member.batch.add") },
              { value: "remove", label: t("member.batch.remove") },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const MEMBERS_KEY = memberKeys.list("members", {});

/**
 * The members tab's first page with no filter (the screen's prefetch). Beside the list, not in member.api.ts: the
 * list component it needs would otherwise load with every screen that reads a member.
 */
export const firstMembersQuery = () => listPageQuery(contract.member.selMemberByParam, MEMBERS_KEY, firstPageRequest({}));

/** The Members tab: the shop's members with filters, saved filters, export, and batch tagging (setup.rank.edit). */
export function MemberList() {
  const { t } = useTranslation();
  const ranks = useRanks();
  const tags = useTags();
  const [batch, setBatch] = useState<{ ids: string[]; done: () => void } | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const canEdit = useHolds("setup.rank.edit");

  const fields = memberFilterFields(
    {
      name: t("member.fields.name"),
      phone: t("member.fields.phone"),
      memberNo: t("member.fields.memberNo"),
      rank: t("member.fields.rank"),
      tags: t("member.fields.tags"),
      status: t("member.fields.status"),
      joined: t("member.fields.joined"),
      spendMin: t("member.fields.spendMin"),
      spendMax: t("member.fields.spendMax"),
    },
    {
      ranks: (ranks.data ?? []).map((r) => ({ label: r.name, value: r.id })),
      tags: (tags.data ?? []).map((tag) => ({ label: tag.name, value: tag.id })),
      statuses: (["active", "frozen"] as const).map((s) => ({ label: t(`member.status.${s}`), value: s })),
    },
  );

  return (
    <>
      <ListPage<MemberRow>
        variant="section"
        title={t("member.tabs.members")}
        entry={contract.member.selMemberByParam}
        exportEntry={contract.member.exportMemberList}
        exportFileName="members.xlsx"
        queryKey={MEMBERS_KEY}
        paramPrefix={MEMBER_PREFIX}
        filters={fields}
        toFilters={toServerFilters}
        rowKey="id"
        toolbar={
          <SavedFilters
            listKey="memberList"
            fields={fields}
            prefix={MEMBER_PREFIX}
            toContent={toServerFilters}
            fromContent={toUrlFilters}
          />
        }
        batchActions={
          canEdit
            ? [
                {
                  key: "tag",
                  label: t("member.list.tagAction"),
                  run: (_rows, keys) => new Promise<void>((done) => setBatch({ ids: keys.map(String), done })),
                },
              ]
            : undefined
        }
        empty={{ description: t("member.list.empty") }}
        columns={[
          { title: t("member.fields.memberNo"), dataIndex: "memberNo", importance: "key" },
          {
            title: t("member.fields.name"),
            dataIndex: "name",
            importance: "key",
            render: (name: string, row) => <Link to={paths.memberDetail(row.id)}>{name}</Link>,
          },
          { title: t("member.fields.phone"), dataIndex: "phone" },
          { title: t("member.fields.rank"), dataIndex: "rank", render: (rank: MemberRow["rank"]) => rank?.name ?? t("member.noRank") },
          { title: t("member.fields.tags"), dataIndex: "tags", width: 160, render: (v: MemberRow["tags"]) => <MemberTags tags={v} /> },
          { title: t("member.fields.orderCount"), dataIndex: "orderCount", align: "right" },
          {
            title: t("member.fields.totalSpend"),
            dataIndex: "totalSpend",
            importance: "key",
            align: "right",
            render: (v: number) => formatCents(v),
          },
          { title: t("member.fields.points"), dataIndex: "points", importance: "secondary", align: "right" },
          {
            title: t("member.fields.joinedAt"),
            dataIndex: "joinedAt",
            importance: "key",
            render: (v: string) => dayjs(v).format("YYYY-MM-DD"),
          },
          {
            title: t("member.fields.status"),
            dataIndex: "status",
            importance: "key",
            render: (v: MemberRow["status"]) => <Badge status={v === "active" ? "success" : "default"} text={t(`member.status.${v}`)} />,
          },
        ]}
      />
      {batch ? (
        <BatchTagDialog
          ids={batch.ids}
          onClose={(report) => {
            batch.done();
            setBatch(null);
            if (report) setOutcome(report);
          }}
        />
      ) : null}
      <BulkReportDialog outcome={outcome} linkOf={(row) => paths.memberDetail(row.id)} onClose={() => setOutcome(null)} />
    </>
  );
}
