import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/advert";
import { useQuery } from "@tanstack/react-query";
import { Button, DatePicker, Form, Input, Select, Space, Switch, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { Thumbnail } from "@/components/thumbnail";
import { FileUpload, type UploadValue } from "@/components/upload";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type AdvertItemRow, type AdvertRow, advertKeys, moved, useAdvertCategories } from "./advert.api";

const when = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm") : "");

interface ItemValues {
  title: string;
  image: UploadValue | null;
  linkKind: contract.AdvertLinkKind;
  goodsId?: string;
  categoryId?: string;
  url?: string;
  shopId?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

/** A select that searches one of the link pickers (goods or shops) as the seller types. */
function PickerSelect({
  kind,
  current,
  ...props
}: {
  kind: "goods" | "shop";
  current: { value: string; label: string } | null;
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const found = useQuery({
    queryKey: advertKeys.list(`pick-${kind}`, { keyword }),
    queryFn: async ({ signal }) => {
      const page = { pageNum: 1, pageSize: 20 };
      if (kind === "goods") {
        const res = await call(contract.advertDetail.queryAdvertGoodsByPage, { ...page, keyword }, { notify: false, signal });
        return res.list.map((g) => ({ value: g.id, label: g.name }));
      }
      const res = await call(contract.advertDetail.queryAdvertShopByPage, { ...page, name: keyword }, { notify: false, signal });
      return res.list.map((s) => ({ value: s.id, label: s.name }));
    },
  });
  const options = [...(found.data ?? [])];
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t("advert.search")}
      loading={found.isFetching}
      options={options}
    />
  );
}

function ItemDrawer({ advert, item, onClose }: { advert: AdvertRow; item: AdvertItemRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = contract.advertImageUpload(advert.position);
  const categories = useAdvertCategories(true);
  const toFields = (v: ItemValues) => {
    const kind = v.linkKind;
    const link: contract.AdvertLinkInput =
      kind === "goods"
        ? { kind, goodsId: v.goodsId ?? "" }
        : kind === "category"
          ? { kind, categoryId: v.categoryId ?? "" }
          : kind === "url"
            ? { kind, url: v.url?.trim() ?? "" }
            : kind === "shop"
              ? { kind, shopId: v.shopId ?? "" }
              : { kind: "none" };
    return {
      title: v.title?.trim() ?? "",
      imageId: v.image?.id ?? "",
      link,
      startAt: v.window?.[0]?.toISOString() ?? null,
      endAt: v.window?.[1]?.toISOString() ?? null,
      enabled: v.enabled,
    };
  };
  const target = item?.link.target ?? "";
  const current = item ? { value: target, label: item.link.name } : null;
  return (
    <FormDrawer<ItemValues, typeof contract.advertDetail.addAdvertDetail, typeof contract.advertDetail.updAdvertDetailById>
      name="advertItem"
      title={item ? t("advert.editItem") : t("advert.addItem")}
      onClose={onClose}
      add={{ entry: contract.advertDetail.addAdvertDetail, toInput: (v) => ({ adId: advert.id, ...toFields(v) }) }}
      update={item ? { entry: contract.advertDetail.updAdvertDetailById, toInput: (v) => ({ id: item.id, ...toFields(v) }) } : null}
      initialValues={{
        title: item?.title ?? "",
        image: item?.image ?? null,
        linkKind: item?.link.kind ?? "goods",
        ...(item?.link.kind === "goods" ? { goodsId: target } : {}),
        ...(item?.link.kind === "category" ? { categoryId: target } : {}),
        ...(item?.link.kind === "url" ? { url: target } : {}),
        ...(item?.link.kind === "shop" ? { shopId: target } : {}),
        window: item?.startAt || item?.endAt ? [item.startAt ? dayjs(item.startAt) : null, item.endAt ? dayjs(item.endAt) : null] : null,
        enabled: item?.enabled ?? true,
      }}
      invalidate={advertKeys.all}
      savedMessage={t("advert.saved")}
    >
      <Form.Item
        name="image"
        label={t("advert.fields.image")}
        rules={[{ required: true, message: t("form.required", { field: t("advert.fields.image") }) }]}
        extra={`${upload.minWidth}×${upload.minHeight} – ${upload.maxWidth}×${upload.maxHeight}, ≤ ${upload.maxKb} KB`}
      >
        <FileUpload
          image
          purpose={upload.purpose}
          limits={{
            accept: ["image"],
            maxKb: upload.maxKb,
            minWidth: upload.minWidth,
            minHeight: upload.minHeight,
            maxWidth: upload.maxWidth,
            maxHeight: upload.maxHeight,
          }}
          accept="image/jpeg,image/png,image/gif,image/webp"
          maxSizeMB={upload.maxKb / 1024}
        />
      </Form.Item>
      <Form.Item name="title" label={t("advert.fields.itemTitle")}>
        <TextInput maxLength={contract.MAX_ADVERT_TITLE} />
      </Form.Item>
      <Form.Item name="linkKind" label={t("advert.fields.linkKind")}>
        <Select options={contract.advertLinkKinds.map((k) => ({ value: k, label: t(`advert.link.${k}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={["linkKind"]}>
        {({ getFieldValue }) => {
          const kind = getFieldValue("linkKind") as contract.AdvertLinkKind;
          const required = (field: string) => [{ required: true, message: t("form.required", { field }) }];
          if (kind === "goods")
            return (
              <Form.Item name="goodsId" label={t("advert.fields.goods")} rules={required(t("advert.fields.goods"))}>
                <PickerSelect kind="goods" current={item?.link.kind === "goods" ? current : null} />
              </Form.Item>
            );
          if (kind === "shop")
            return (
              <Form.Item name="shopId" label={t("advert.fields.shop")} rules={required(t("advert.fields.shop"))}>
                <PickerSelect kind="shop" current={item?.link.kind === "shop" ? current : null} />
              </Form.Item>
            );
          if (kind === "category")
            return (
              <Form.Item name="categoryId" label={t("advert.fields.category")} rules={required(t("advert.fields.category"))}>
                <Select
                  showSearch={{ optionFilterProp: "label" }}
                  loading={categories.isLoading}
                  options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            );
          if (kind === "url")
            return (
              <Form.Item name="url" label={t("advert.fields.url")} rules={required(t("advert.fields.url"))}>
                <Input type="url" inputMode="url" maxLength={contract.MAX_ADVERT_URL} placeholder="https://" />
              </Form.Item>
            );
          return null;
        }}
      </Form.Item>
      <Form.Item name="window" label={t("advert.fields.window")}>
        <DatePicker.RangePicker
          showTime={{ format: "HH:mm" }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          placeholder={[t("advert.fields.startAt"), t("advert.fields.endAt")]}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t("advert.fields.enabled")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}

const stateColor: Record<contract.AdvertItemState, string> = { showing: "green", scheduled: "blue", ended: "default", disabled: "default" };

/** `paths.advertItems(id)`: one advert's items in order, each with its image, link and window. */
export function AdvertItems({ advert }: { advert: AdvertRow }) {
  const { t } = useTranslation();
  const write = useWrite(advertKeys.all);
  const canEdit = useHolds("shop.advert.edit");
  const [editing, setEditing] = useState<AdvertItemRow | "new" | null>(null);
  const [all, setAll] = useState<AdvertItemRow[]>([]);
  const limits = contract.ADVERT_LIMITS[advert.position];
  const label = (r: AdvertItemRow) => r.title || `#${r.sort}`;

  const move = (r: AdvertItemRow, by: number) => {
    const ids = all.map((x) => x.id);
    const from = ids.indexOf(r.id);
    return write(
      () => call(contract.advertDetail.updListSort, { adId: advert.id, ids: moved(ids, from, from + by) }),
      t("advert.moved", { name: label(r) }),
    );
  };

  const addButton =
    canEdit && all.length < limits.maxItems ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
        {t("advert.addItem")}
      </Button>
    ) : null;

  return (
    <>
      <ListPage<AdvertItemRow>
        title={t("advert.itemsTitle", { name: advert.name })}
        above={
          <Typography.Paragraph type="secondary">
            {t("advert.limit", {
              position: t(`advert.position.${advert.position}`),
              max: limits.maxItems,
              minWidth: limits.minWidth,
              minHeight: limits.minHeight,
              maxWidth: limits.maxWidth,
              maxHeight: limits.maxHeight,
              kb: limits.maxKb,
            })}
          </Typography.Paragraph>
        }
        fetch={localPages(async (_f, signal) => {
          const rows = await call(contract.advertDetail.selAdvertDetailAllListByParam, { adId: advert.id }, { notify: false, signal });
          setAll(rows);
          return rows;
        })}
        queryKey={advertKeys.list("items", { adId: advert.id })}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("advert.itemsEmpty"), action: addButton }}
        columns={[
          { title: t("advert.fields.order"), dataIndex: "sort", width: 80 },
          {
            title: t("advert.fields.image"),
            key: "image",
            render: (_, r) => <Thumbnail file={r.image} alt={r.title} width={120} height={48} style={{ objectFit: "cover" }} />,
          },
          { title: t("advert.fields.itemTitle"), dataIndex: "title" },
          {
            title: t("advert.fields.linkKind"),
            key: "link",
            render: (_, r) => (
              <Space size={4} wrap>
                <span>{t(`advert.link.${r.link.kind}`)}</span>
                {r.link.kind !== "none" ? (
                  <Typography.Text type={r.link.missing ? "danger" : undefined}>{r.link.name || r.link.target}</Typography.Text>
                ) : null}
                {r.link.missing ? <Typography.Text type="danger">{t("advert.link.missing")}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: t("advert.fields.window"),
            key: "window",
            render: (_, r) => (r.startAt || r.endAt ? `${when(r.startAt)} – ${when(r.endAt)}` : "—"),
          },
          {
            title: t("advert.fields.state"),
            key: "state",
            render: (_, r) => <Tag color={stateColor[r.state]}>{t(`advert.state.${r.state}`)}</Tag>,
          },
          ...actionsColumn<AdvertItemRow>({
            title: t("advert.fields.actions"),
            show: canEdit,
            actions: (r) => [
              r.sort > 1 && {
                key: "up",
                label: t("advert.moveUp"),
                ariaLabel: `${t("advert.moveUp")}: ${label(r)}`,
                onClick: () => move(r, -1),
              },
              r.sort < all.length && {
                key: "down",
                label: t("advert.moveDown"),
                ariaLabel: `${t("advert.moveDown")}: ${label(r)}`,
                onClick: () => move(r, 1),
              },
              { key: "edit", label: t("advert.edit"), ariaLabel: `${t("advert.edit")}: ${label(r)}`, onClick: () => setEditing(r) },
              {
                key: "delete",
                label: t("advert.delete"),
                ariaLabel: `${t("advert.delete")}: ${label(r)}`,
                danger: true,
                confirm: { title: t("advert.confirmDeleteItem") },
                onClick: () =>
                  write(() => call(contract.advertDetail.delAdvertDetailById, { id: r.id }), t("advert.deleted", { name: label(r) })),
              },
            ],
          }),
        ]}
      />
      {editing ? <ItemDrawer advert={advert} item={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
