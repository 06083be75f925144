import { PlusOutlined, StarFilled, StarOutlined } from "@ant-design/icons";
import type { AttrDef } from "@sbo/contract/goods";
import { MAX_GOODS_IMAGES } from "@sbo/contract/goods";
import * as shopCategory from "@sbo/contract/shop-category";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Cascader, Form, InputNumber, Select, Space, Tooltip, Typography, Upload } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "@/components/text-input";
import { Thumbnail } from "@/components/thumbnail";
import type { UploadValue } from "@/components/upload";
import { useCountUpload } from "@/components/uploads-running";
import { ApiError, call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { categoriesKey, fetchCategories } from "@/platform/reference-data";
import { type UploadLimits, uploadFile } from "@/platform/upload-file";
import { useRelatedCategories } from "./goods.api";

interface CategoryOption {
  value: string;
  label: string;
  isLeaf?: boolean;
  children?: CategoryOption[];
}

/**
 * The platform's category tree, level by level (`selSubCateListByPcateId`); a category without children is a
 * leaf, the only kind an item may have. Bind it to a Form.Item: the value is the path of ids from the top.
 */
export function CategoryCascader({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const client = useQueryClient();
  const [children, setChildren] = useState<Record<string, { id: string; name: string; nameEn: string }[]>>({});
  const load = async (pid: string | null) => {
    const key = pid ?? "";
    if (children[key]) return children[key];
    const list = await client.fetchQuery({
      queryKey: categoriesKey(pid),
      queryFn: ({ signal }) => fetchCategories(pid, signal),
      staleTime: 30 * 60_000,
    });
    setChildren((c) => ({ ...c, [key]: list }));
    return list;
  };
  const path = (value ?? []).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the top level and the levels of a saved path, once each
  useEffect(() => {
    void load(null).catch(() => undefined);
    for (const pid of path ? path.split(",").slice(0, -1) : []) void load(pid).catch(() => undefined);
  }, [path]);

  const options = useMemo(() => {
    const build = (pid: string): CategoryOption[] | undefined =>
      children[pid]?.map((c) => {
        const kids = build(c.id);
        return {
          value: c.id,
          label: zh ? c.name : c.nameEn,
          isLeaf: kids ? kids.length === 0 : false, // unknown until its children load: antd then calls loadData
          children: kids?.length ? kids : undefined,
        };
      });
    return build("") ?? [];
  }, [children, zh]);

  return (
    <Cascader<CategoryOption>
      id={id}
      disabled={disabled}
      options={options}
      value={value}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      loadData={(selected) => {
        const last = selected[selected.length - 1];
        if (!last) return;
        // A category found to have no children is a leaf: choosing it is done.
        void load(last.value)
          .then((list) => {
            if (list.length === 0) onChange?.(selected.map((o) => String(o.value)));
          })
          .catch(() => undefined);
      }}
      changeOnSelect={false}
      placeholder={t("goods.form.categoryPlaceholder")}
      style={{ width: "100%" }}
    />
  );
}

/**
 * Under the category picker: the categories the platform relates to the chosen one (fruit → fruit gift boxes), each
 * a link that files the item there instead. Only categories goods can be filed under (leaves) are offered.
 */
export function RelatedCategories({ categoryId, onPick }: { categoryId: string | null; onPick: (path: string[]) => void }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const related = useRelatedCategories(categoryId);
  const leaves = (related.data ?? []).filter((c) => c.isLeaf);
  if (!categoryId || leaves.length === 0) return null;
  const nameOf = (c: { name: string; nameEn: string }) => (zh ? c.name : c.nameEn);
  return (
    <fieldset className="goods-related-categories">
      <legend>
        <Typography.Text type="secondary">{t("goods.form.relatedCategories")}</Typography.Text>
      </legend>
      {leaves.map((c) => (
        <Button key={c.id} type="link" size="small" onClick={() => onPick(c.path.map((p) => p.id))}>
          {c.path.map(nameOf).join(" / ")}
        </Button>
      ))}
    </fieldset>
  );
}

/** The category's attribute fields (text, number with its unit, one option or several), required ones marked. */
export function AttrFields({ defs }: { defs: readonly AttrDef[] }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  if (!defs.length) return null;
  return (
    <Space wrap size={[16, 0]} align="start">
      {defs.map((d) => {
        const label = zh ? d.name : d.nameEn;
        const rules = d.required ? [{ required: true, message: t("form.required", { field: label }) }] : [];
        const options = d.options.map((o) => ({ value: o.code, label: zh ? o.name : o.nameEn }));
        return (
          <Form.Item key={d.id} name={["attrs", d.id]} label={label} rules={rules} style={{ minWidth: 200 }}>
            {d.type === "number" ? (
              <InputNumber addonAfter={d.unit ?? undefined} style={{ width: "100%" }} />
            ) : d.type === "select" ? (
              <Select options={options} allowClear />
            ) : d.type === "multiSelect" ? (
              <Select mode="multiple" options={options} allowClear />
            ) : (
              <TextInput maxLength={200} />
            )}
          </Form.Item>
        );
      })}
    </Space>
  );
}

/** How the goods' images are uploaded (the images field and the description's images): purpose and limits. */
export const GOODS_IMAGE_UPLOAD = { purpose: "goods", limits: { accept: ["image"], maxKb: 3072 } } satisfies {
  purpose: string;
  limits: UploadLimits;
};

/**
 * Up to 9 images, the first is the main one (shown first to buyers): add several at once, make any one the main
 * image, remove. Each is uploaded when picked; bind it to a Form.Item holding the uploaded files.
 */
export function ImagesField({
  value = [],
  onChange,
  id,
  disabled,
}: {
  value?: UploadValue[];
  onChange?: (v: UploadValue[]) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<{ uid: string; name: string; percent: number }[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const room = MAX_GOODS_IMAGES - value.length - pending.length;
  // The form does not submit while a picture is still being sent (it would be left out).
  useCountUpload(pending.length > 0);

  const add = (file: File) => {
    const uid = `${Date.now()}-${file.name}`;
    setPending((p) => [...p, { uid, name: file.name, percent: 0 }]);
    uploadFile(file, {
      ...GOODS_IMAGE_UPLOAD,
      notify: false,
      onProgress: (percent) => setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent } : x))),
    })
      .then((f) => {
        setPending((p) => p.filter((x) => x.uid !== uid));
        // Several uploads finish one after the other before the form re-renders: each adds to the latest list.
        const next = [...latest.current, { id: f.id, url: f.url, name: f.name }].slice(0, MAX_GOODS_IMAGES);
        latest.current = next;
        onChange?.(next);
      })
      .catch((error: unknown) => {
        setPending((p) => p.filter((x) => x.uid !== uid));
        void message.error(error instanceof ApiError ? error.msg : t("upload.failed"));
      });
  };

  return (
    <div className="goods-images" id={id}>
      <ol className="goods-image-list" aria-label={t("goods.form.images")}>
        {value.map((img, i) => (
          <li key={img.id} className="goods-image">
            <Thumbnail file={img} alt={img.name} width={96} height={96} style={{ objectFit: "cover" }} />
            <Space size={0}>
              <Tooltip title={i === 0 ? t("goods.form.mainImage") : t("goods.form.makeMain")}>
                <Button
                  size="small"
                  type="text"
                  disabled={disabled || i === 0}
                  aria-label={i === 0 ? `${t("goods.form.mainImage")}: ${img.name}` : `${t("goods.form.makeMain")}: ${img.name}`}
                  icon={i === 0 ? <StarFilled /> : <StarOutlined />}
                  onClick={() => onChange?.([img, ...value.filter((_, j) => j !== i)])}
                />
              </Tooltip>
              <Button
                size="small"
                type="text"
                danger
                disabled={disabled}
                aria-label={`${t("goods.form.removeImage")}: ${img.name}`}
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              >
                {t("goods.form.remove")}
              </Button>
            </Space>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.uid} className="goods-image goods-image-pending" aria-busy="true">
            {t("goods.form.uploading", { name: p.name, percent: p.percent })}
          </li>
        ))}
      </ol>
      {room > 0 && !disabled ? (
        <Upload
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file, list) => {
            if (list.indexOf(file) >= room) {
              void message.warning(t("goods.form.tooManyImages", { max: MAX_GOODS_IMAGES }));
              return Upload.LIST_IGNORE;
            }
            if (file.size > 10 * 1024 * 1024) {
              void message.error(t("upload.tooLarge", { size: 10 }));
              return Upload.LIST_IGNORE;
            }
            add(file);
            return false;
          }}
        >
          <Button icon={<PlusOutlined />}>{t("goods.form.addImages", { left: room })}</Button>
        </Upload>
      ) : null}
    </div>
  );
}

/**
 * The seller's shop categories the item is in (any number). They belong to the catalogue, not to the item: read
 * with the item's id (`selShopClassifyListByBoId`) and saved after the item (`saveShopCategories`), so the goods
 * domain needs no knowledge of them. Bound to the form field `shopCategoryIds`.
 */
export function ShopCategoriesField({ goodsId }: { goodsId: string | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const tree = useQuery({
    queryKey: ["shopCategory", "list", "goodsForm", { goodsId }],
    queryFn: ({ signal }) =>
      call(shopCategory.shopCategory.selShopClassifyListByBoId, goodsId ? { goodsId } : {}, { notify: false, signal }),
  });
  useEffect(() => {
    if (tree.data && !form.isFieldTouched("shopCategoryIds")) form.setFieldValue("shopCategoryIds", tree.data.goodsCategoryIds);
  }, [tree.data, form]);
  return (
    <Form.Item name="shopCategoryIds" label={t("goods.form.shopCategories")} extra={t("goods.form.shopCategoriesHelp")}>
      {/* A plain multiple Select ("Fruit / Citrus" for a sub-category): the goods form's bundle already has it. */}
      <Select
        mode="multiple"
        allowClear
        optionFilterProp="label"
        loading={tree.isPending}
        style={{ maxWidth: 520 }}
        options={(tree.data?.tree ?? []).flatMap((n) => [
          { value: n.id, label: n.name },
          ...n.children.map((c) => ({ value: c.id, label: `${n.name} / ${c.name}` })),
        ])}
      />
    </Form.Item>
  );
}

/** After the item is saved: its shop categories, when the field was loaded (a refusal shows in the Notice dialog). */
export async function saveShopCategories(goodsId: string, classifyIds: string[] | undefined): Promise<void> {
  if (classifyIds === undefined) return;
  try {
    await call(shopCategory.shopCategory.updList, { goodsId, classifyIds });
  } catch {
    // call() showed the refusal; the item itself is saved.
  }
}
