import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/advert";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Form, Select, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormDrawer } from "@/components/form-drawer";
import { containsText, ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type AdvertRow, advertKeys, advertsQuery, moved } from "./advert.api";

interface AdvertValues {
  name: string;
  position: contract.AdvertPosition;
  enabled: boolean;
}

function AdvertDrawer({ advert, onClose }: { advert: AdvertRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toInput = (v: AdvertValues) => ({ name: v.name?.trim() ?? "", position: v.position, enabled: v.enabled });
  return (
    <FormDrawer<AdvertValues, typeof contract.advert.addOrUpdAdvert, typeof contract.advert.addOrUpdAdvert>
      name="advert"
      title={advert ? t("advert.edit") : t("advert.add")}
      onClose={onClose}
      add={{ entry: contract.advert.addOrUpdAdvert, toInput }}
      update={advert ? { entry: contract.advert.addOrUpdAdvert, toInput: (v) => ({ id: advert.id, ...toInput(v) }) } : null}
      initialValues={{ name: advert?.name ?? "", position: advert?.position ?? "homeBanner", enabled: advert?.enabled ?? true }}
      invalidate={advertKeys.all}
      savedMessage={t("advert.saved")}
    >
      <Form.Item
        name="name"
        label={t("advert.fields.name")}
        rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("advert.fields.name") }) }]}
      >
        <TextInput maxLength={contract.MAX_ADVERT_NAME} />
      </Form.Item>
      <Form.Item name="position" label={t("advert.fields.position")} rules={[{ required: true }]}>
        <Select options={contract.advertPositions.map((p) => ({ value: p, label: t(`advert.position.${p}`) }))} />
      </Form.Item>
      <Form.Item name="enabled" label={t("advert.fields.enabled")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}

/** `paths.advertList()`: the shop's adverts in order; each opens its items. */
export function AdvertList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(advertKeys.all);
  const canEdit = useHolds("shop.advert.edit");
  const [editing, setEditing] = useState<AdvertRow | "new" | null>(null);
  const client = useQueryClient();
  const all = useQuery(advertsQuery()).data ?? [];

  // The whole order goes in one call (one transaction on the server): the ids of every advert, this one moved.
  const move = (a: AdvertRow, by: number) => {
    const ids = all.map((x) => x.id);
    const from = ids.indexOf(a.id);
    return write(() => call(contract.advert.updListSort, { ids: moved(ids, from, from + by) }), t("advert.moved", { name: a.name }));
  };

  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("advert.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<AdvertRow>
        title={t("advert.title")}
        // Every advert at once (a shop has at most MAX_ADVERTS): the filters and the pages apply to that list.
        fetch={localPages(
          () => client.fetchQuery(advertsQuery()),
          (a, f) => containsText(a.name, f.name) && (!f.position || a.position === f.position),
        )}
        queryKey={advertKeys.list("adverts", {})}
        exportEntry={contract.advert.exportAdvertList}
        exportInput={(f) => ({
          name: typeof f.name === "string" ? f.name.trim() || undefined : undefined,
          position: f.position || undefined,
        })}
        filters={[
          { kind: "text", name: "name", label: t("advert.fields.name") },
          {
            kind: "select",
            name: "position",
            label: t("advert.fields.position"),
            options: contract.advertPositions.map((p) => ({ value: p, label: t(`advert.position.${p}`) })),
          },
        ]}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("advert.empty"), action: addButton }}
        columns={[
          { title: t("advert.fields.order"), dataIndex: "sort", width: 80 },
          { title: t("advert.fields.name"), dataIndex: "name" },
          { title: t("advert.fields.position"), key: "position", render: (_, a) => t(`advert.position.${a.position}`) },
          {
            title: t("advert.fields.enabled"),
            key: "enabled",
            render: (_, a) => <Badge status={a.enabled ? "success" : "default"} text={a.enabled ? t("advert.yes") : t("advert.no")} />,
          },
          { title: t("advert.fields.itemCount"), dataIndex: "itemCount", align: "right" },
          { title: t("advert.fields.showing"), dataIndex: "showingCount", align: "right" },
          ...actionsColumn<AdvertRow>({
            title: t("advert.fields.actions"),
            actions: (a) => [
              {
                key: "items",
                label: t("advert.items"),
                ariaLabel: `${t("advert.items")}: ${a.name}`,
                onClick: () => navigate(paths.advertItems(a.id)),
              },
              canEdit &&
                a.sort > 1 && {
                  key: "up",
                  label: t("advert.moveUp"),
                  ariaLabel: `${t("advert.moveUp")}: ${a.name}`,
                  onClick: () => move(a, -1),
                },
              canEdit &&
                a.sort < all.length && {
                  key: "down",
                  label: t("advert.moveDown"),
                  ariaLabel: `${t("advert.moveDown")}: ${a.name}`,
                  onClick: () => move(a, 1),
                },
              canEdit && {
                key: "edit",
                label: t("advert.edit"),
                ariaLabel: `${t("advert.edit")}: ${a.name}`,
                onClick: () => setEditing(a),
              },
              canEdit && {
                key: "delete",
                label: t("advert.delete"),
                ariaLabel: `${t("advert.delete")}: ${a.name}`,
                danger: true,
                confirm: { title: t("advert.confirmDelete", { name: a.name }), description: t("advert.confirmDeleteHelp") },
                onClick: () => write(() => call(contract.advert.delAdvertById, { id: a.id }), t("advert.deleted", { name: a.name })),
              },
            ],
          }),
        ]}
      />
      {editing ? <AdvertDrawer advert={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
