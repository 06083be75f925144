import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/recommend";
import { useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Form, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormDrawer } from "@/components/form-drawer";
import { containsText, ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type GroupRow, groupsQuery, recommendKeys, useGroups } from "./recommend.api";

interface GroupValues {
  name: string;
  visible: boolean;
}

function GroupDrawer({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDrawer<GroupValues, typeof contract.recommend.addRecommendClassify, typeof contract.recommend.updRecommendClassifyById>
      name="group"
      title={group ? t("recommend.edit") : t("recommend.add")}
      onClose={onClose}
      add={{ entry: contract.recommend.addRecommendClassify, toInput: (v) => ({ name: v.name?.trim() ?? "", visible: v.visible }) }}
      update={
        group
          ? {
              entry: contract.recommend.updRecommendClassifyById,
              toInput: (v) => ({ id: group.id, name: v.name?.trim() ?? "", visible: v.visible }),
            }
          : null
      }
      initialValues={{ name: group?.name ?? "", visible: group?.visible ?? true }}
      invalidate={recommendKeys.all}
      savedMessage={t("recommend.saved")}
    >
      <Form.Item
        name="name"
        label={t("recommend.name")}
        rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("recommend.name") }) }]}
      >
        <TextInput maxLength={contract.MAX_RECOMMEND_NAME} />
      </Form.Item>
      <Form.Item name="visible" label={t("recommend.visible")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}

/** The groups (the list's rows are cut from them), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(groupsQuery());

/** `paths.recommendGroups()`: the shop's recommendation groups in order, each with its goods. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useSessionMember();
  const write = useWrite(recommendKeys.all);
  const canEdit = useHolds("shop.recommend.edit");
  const [editing, setEditing] = useState<GroupRow | "new" | null>(null);
  const client = useQueryClient();
  const count = useGroups().data?.length ?? 0;

  const moveTo = (g: GroupRow, index: number) =>
    write(
      () => call(contract.recommend.execRecommendClassifyList, { action: "move", id: g.id, index }),
      t("recommend.moved", { name: g.name }),
    );

  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("recommend.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<GroupRow>
        title={t("recommend.title")}
        // Every group at once (a shop has at most 20): the name filter and the pages apply to that list.
        fetch={localPages(
          () => client.fetchQuery(groupsQuery()),
          (g, f) => containsText(g.name, f.name),
        )}
        queryKey={recommendKeys.list("groupPages", {})}
        filters={[{ kind: "text", name: "name", label: t("recommend.name") }]}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("recommend.empty"), action: addButton }}
        columns={[
          { title: t("recommend.position"), dataIndex: "sort", width: 90 },
          { title: t("recommend.name"), dataIndex: "name" },
          {
            title: t("recommend.visible"),
            key: "visible",
            render: (_, g) => (
              <Badge status={g.visible ? "success" : "default"} text={g.visible ? t("recommend.shown") : t("recommend.hidden")} />
            ),
          },
          { title: t("recommend.goodsCount"), dataIndex: "goodsCount", align: "right" },
          ...actionsColumn<GroupRow>({
            title: t("recommend.actions"),
            actions: (g) => [
              {
                key: "goods",
                label: t("recommend.goods"),
                ariaLabel: `${t("recommend.goods")}: ${g.name}`,
                onClick: () => navigate(paths.recommendGoods(g.id, member?.shop?.shopId ?? "")),
              },
              canEdit &&
                g.sort > 1 && {
                  key: "up",
                  label: t("recommend.moveUp"),
                  ariaLabel: `${t("recommend.moveUp")}: ${g.name}`,
                  onClick: () => moveTo(g, g.sort - 2),
                },
              canEdit &&
                g.sort < count && {
                  key: "down",
                  label: t("recommend.moveDown"),
                  ariaLabel: `${t("recommend.moveDown")}: ${g.name}`,
                  onClick: () => moveTo(g, g.sort),
                },
              canEdit && {
                key: "edit",
                label: t("recommend.edit"),
                ariaLabel: `${t("recommend.edit")}: ${g.name}`,
                onClick: () => setEditing(g),
              },
              canEdit && {
                key: "delete",
                label: t("recommend.delete"),
                ariaLabel: `${t("recommend.delete")}: ${g.name}`,
                danger: true,
                confirm: { title: t("recommend.confirmDelete", { name: g.name }), description: t("recommend.confirmDeleteHelp") },
                onClick: () =>
                  write(
                    () => call(contract.recommend.execRecommendClassifyList, { action: "delete", ids: [g.id] }),
                    t("recommend.deleted", { name: g.name }),
                  ),
              },
            ],
          }),
        ]}
      />
      {editing ? <GroupDrawer group={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
