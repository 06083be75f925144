import "./goods.css";
import { type Call, funcOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import {
  type GoodsDetail,
  isService,
  type ListingType,
  listingTypes,
  logisticsModes,
  MAX_DESCRIPTION,
  MAX_REBATE_BP,
} from "@sbo/contract/goods";
import { MEDIA_VIDEO, media } from "@sbo/contract/media";
import { wordsOf } from "@sbo/contract/refusals";
import { Alert, Button, Card, Checkbox, Form, InputNumber, Radio, Select, Space, Switch, Typography } from "antd";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { domLabelOf, useContractSubmit } from "@/components/form";
import { DraftNotice, useFormDraft } from "@/components/form-draft";
import { ShapesMapField } from "@/components/map";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { RichTextField } from "@/components/rich-text";
import { TextInput } from "@/components/text-input";
import { FileUpload } from "@/components/upload";
import { currentLanguage } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { uploadVideo } from "@/platform/upload-video";
import { useWrite } from "@/platform/use-write";
import { BusinessScopeNote } from "./business-scope-note";
import { FreightTemplateSelect } from "./freight-template-select";
import {
  goodsDetailQuery,
  goodsKeys,
  idParam,
  logisticsQuery,
  unitsQuery,
  useAttrDefs,
  useGoodsDetail,
  useLogistics,
  useUnits,
} from "./goods.api";
import {
  AttrFields,
  CategoryCascader,
  GOODS_IMAGE_UPLOAD,
  ImagesField,
  RelatedCategories,
  ShopCategoriesField,
  saveShopCategories,
} from "./goods-fields";
import { BatchesTab, GoodsTabs, TraceTab } from "./goods-tabs";
import { emptyGoods, type GoodsFormValues, goodsInputOf, goodsValuesOf } from "./goods-values";
import { MissingId } from "./missing-id";
import { SkuGrid, SpecEditor } from "./sku-grid";

const FORM = "goods";

const LazyRegionSelect = lazy(() => import("@/components/region-select").then((m) => ({ default: m.RegionSelect })));

/** The service area's picker, loaded once a service is being published (antd's TreeSelect stays out of the form's first load). */
function ServiceAreaSelect(props: ComponentProps<typeof LazyRegionSelect>) {
  return (
    <Suspense fallback={<Select id={props.id} disabled loading placeholder={props.placeholder} style={{ width: "100%" }} />}>
      <LazyRegionSelect {...props} />
    </Suspense>
  );
}

/** The saved item (`?id=` on the update path) or, for a new one, the form's lookups, started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = idParam(search);
  if (id) void client.prefetchQuery(goodsDetailQuery(id));
  else {
    void client.prefetchQuery(unitsQuery());
    void client.prefetchQuery(logisticsQuery());
  }
};

/** `paths.goodsPublish()` and `paths.goodsUpdate(id)`: one form for a new or a saved item. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const updating = pathname === paths.goodsUpdate();
  const id = updating ? idParam(params) : null;
  const detail = useGoodsDetail(id);
  if (updating && !id) return <MissingId />;
  if (!id) return <GoodsForm saved={null} />;
  return (
    <QueryState query={detail} failed={t("goods.loadFailed")}>
      {(d) => <GoodsForm key={id} saved={d} />}
    </QueryState>
  );
}

function GoodsForm({ saved }: { saved: GoodsDetail | null }) {
  const { t } = useTranslation();
  // A goods video goes through the video library's upload (its credential), which needs the Videos function.
  const canUploadVideo = useSessionMember()?.functions.includes(funcOf(media.upload) ?? "") ?? false;
  const navigate = useNavigate();
  const write = useWrite(goodsKeys.all);
  const [form] = Form.useForm<GoodsFormValues>();
  const draft = useFormDraft(form, { key: saved ? `goods.update:${saved.id}` : "goods.publish" });
  const zh = currentLanguage() === "zh";
  const units = useUnits();
  const logistics = useLogistics();
  const category = Form.useWatch("categoryId", form) as string[] | undefined;
  const leaf = category?.length ? (category[category.length - 1] ?? null) : null;
  const attrDefs = useAttrDefs(leaf);
  const listingType: ListingType = Form.useWatch("listingType", form) ?? saved?.listingType ?? "goods";
  const service = isService(listingType);
  const freshChosen = Boolean(Form.useWatch("fresh", form));
  const fresh = !service && freshChosen;
  const ownRange = Boolean(Form.useWatch("ownRange", form));
  const [pressed, setPressed] = useState<"save" | "on" | "draft" | null>(null);
  const canDraft = !saved || saved.status === "draft";

  const done = async (text: string, output?: unknown) => {
    const goodsId = (output as { id?: string } | undefined)?.id;
    // Shop categories are the shop front's: a service listing has none.
    if (goodsId && !service)
      await saveShopCategories(goodsId, (form.getFieldsValue(true) as { shopCategoryIds?: string[] }).shopCategoryIds);
    draft.clear();
    await write.done(text);
    navigate(paths.goodsList());
  };
  const labelOf = domLabelOf(FORM);
  const input = (v: GoodsFormValues, extra: object = {}) => ({ ...goodsInputOf(v), ...(saved ? { id: saved.id } : {}), ...extra });
  const save = useContractSubmit<Call, GoodsFormValues>(saved ? contract.goods.modifyGoods : contract.goods.publishGoods, form, {
    toInput: (v) => input(v, { draft: false }),
    onSuccess: (out) => done(t("goods.form.saved"), out),
    labelOf,
  });
  const saveOn = useContractSubmit<Call, GoodsFormValues>(
    saved ? contract.goods.modifyGoodsAndStatusOn : contract.goods.publishGoodsAndStatusOn,
    form,
    { toInput: (v) => input(v), onSuccess: (out) => done(t("goods.form.savedOn"), out), labelOf },
  );
  const saveDraft = useContractSubmit<Call, GoodsFormValues>(saved ? contract.goods.modifyGoods : contract.goods.publishGoods, form, {
    toInput: (v) => input(v, { draft: true }),
    onSuccess: (out) => done(t("goods.form.savedDraft"), out),
    labelOf,
  });
  const submitting = save.submitting || saveOn.submitting || saveDraft.submitting;
  const error = save.error ?? saveOn.error ?? saveDraft.error;

  const submit = async (which: "save" | "on" | "draft") => {
    setPressed(which);
    // A draft needs only a name; publishing checks every field (the contract's own rules run on submit too).
    try {
      if (which === "draft") await form.validateFields(["name"]);
      else await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as GoodsFormValues;
    await (which === "save" ? save : which === "on" ? saveOn : saveDraft).submit(values);
  };

  const required = (label: string) => [{ required: true, message: t("form.required", { field: label }) }];
  const title = saved ? t("goods.form.editTitle", { name: saved.name }) : t("goods.form.publishTitle");
  // A saved item of the seller's own goods has its batches and trace records beside the form (a service and a package have none).
  const ownGoods = saved?.kind === "goods" && !isService(saved.listingType);
  const body = (
    <>
      <DraftNotice draft={draft} />
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="form-error"
          title={t("form.failed")}
          description={<span style={{ whiteSpace: "pre-line" }}>{error}</span>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<GoodsFormValues>
        name={FORM}
        form={form}
        layout="vertical"
        initialValues={saved ? goodsValuesOf(saved) : emptyGoods()}
        onValuesChange={draft.onValuesChange}
        onFinish={() => void submit("save")}
        className="goods-form"
      >
        <Card title={t("goods.form.basics")} className="goods-section">
          <Form.Item
            name="listingType"
            label={t("goods.form.listingType")}
            extra={`${t(`goods.form.listingTypeHelp.${listingType}`)}${saved ? ` ${t("goods.form.listingTypeFixed")}` : ""}`}
          >
            <Radio.Group
              disabled={Boolean(saved)}
              optionType="button"
              options={listingTypes.map((type) => ({ value: type, label: t(`goods.listingType.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name="name" label={t("goods.form.name")} rules={[...required(t("goods.form.name")), { max: 60 }]}>
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item name="subtitle" label={t("goods.form.subtitle")}>
            <TextInput maxLength={120} />
          </Form.Item>
          <Space wrap size={[16, 0]} align="start" className="goods-row">
            <Form.Item name="categoryId" label={t("goods.form.category")} extra={t("goods.form.categoryHelp")} style={{ minWidth: 320 }}>
              <CategoryCascader />
            </Form.Item>
            <Form.Item
              name="unitId"
              label={t("goods.form.unit")}
              extra={service ? t("goods.form.serviceUnitHelp") : undefined}
              style={{ minWidth: 160 }}
            >
              <Select
                loading={units.isPending}
                allowClear
                showSearch
                optionFilterProp="label"
                options={(units.data ?? []).map((u) => ({ value: u.id, label: zh ? u.name : u.nameEn }))}
              />
            </Form.Item>
            {service ? null : (
              <Form.Item name="fresh" label={t("goods.form.fresh")} valuePropName="checked" extra={t("goods.form.freshHelp")}>
                <Switch disabled={Boolean(saved && !saved.fresh && saved.status !== "draft")} />
              </Form.Item>
            )}
          </Space>
          <RelatedCategories
            categoryId={leaf}
            onPick={(path) => {
              form.setFieldValue("categoryId", path);
              draft.onValuesChange();
            }}
          />
          <BusinessScopeNote categoryId={leaf} />
          <AttrFields defs={attrDefs.data ?? []} />
          {service ? null : <ShopCategoriesField goodsId={saved?.id ?? null} />}
        </Card>

        <Card title={t("goods.form.specsAndSkus")} className="goods-section">
          <Typography.Paragraph type="secondary">{t("goods.form.specsHelp")}</Typography.Paragraph>
          <SpecEditor />
          <SkuGrid form={form} fresh={fresh} listingType={listingType} />
          {service ? null : (
            <Form.Item name="rebateBp" label={t("goods.form.rebate")} extra={t("goods.form.rebateHelp")} className="goods-rebate">
              <PercentInput />
            </Form.Item>
          )}
        </Card>

        <Card title={t("goods.form.media")} className="goods-section">
          <Form.Item name="images" label={t("goods.form.images")} extra={t("goods.form.imagesHelp")}>
            <ImagesField />
          </Form.Item>
          <Form.Item
            name="videoFileId"
            label={t("goods.form.video")}
            extra={t(canUploadVideo ? "goods.form.videoHelp" : "goods.form.videoNeedsFunction")}
          >
            <FileUpload accept="video/mp4,video/webm" maxSizeMB={MEDIA_VIDEO.maxMb} send={uploadVideo} disabled={!canUploadVideo} />
          </Form.Item>
        </Card>

        <Card title={t("goods.form.description")} className="goods-section">
          <Form.Item
            name="descriptionHtml"
            label={t("goods.form.descriptionHtml")}
            extra={t("goods.form.descriptionHelp")}
            rules={[{ max: MAX_DESCRIPTION, message: t("goods.form.descriptionTooLong", { max: MAX_DESCRIPTION }) }]}
          >
            <RichTextField label={t("goods.form.descriptionHtml")} imageUpload={GOODS_IMAGE_UPLOAD} />
          </Form.Item>
        </Card>

        {service ? (
          <Card title={t("goods.form.serviceArea")} className="goods-section">
            <Form.Item name="serviceAreas" label={t("goods.form.serviceAreas")} extra={t("goods.form.serviceAreasHelp")}>
              <ServiceAreaSelect placeholder={t("goods.form.serviceAreasPlaceholder")} />
            </Form.Item>
          </Card>
        ) : (
          <Card title={t("goods.form.logisticsAndRange")} className="goods-section">
            <Form.Item name="logistics" label={t("goods.form.logistics")}>
              <Checkbox.Group
                options={logisticsModes.map((mode) => {
                  const support = logistics.data?.find((l) => l.mode === mode);
                  const why = support && !support.available && support.reason ? wordsOf(support.reason, currentLanguage()) : undefined;
                  return { value: mode, label: why ? `${t(`goods.logistics.${mode}`)} (${why})` : t(`goods.logistics.${mode}`) };
                })}
              />
            </Form.Item>
            <Form.Item name="freightTemplateId" label={t("goods.form.freightTemplate")} extra={t("goods.form.freightTemplateHelp")}>
              <FreightTemplateSelect />
            </Form.Item>
            <Form.Item name="storageLocation" label={t("goods.form.storageLocation")} extra={t("goods.form.storageLocationHelp")}>
              <TextInput maxLength={contract.MAX_STORAGE_LOCATION} autoComplete="off" />
            </Form.Item>
            <Form.Item name="ownRange" label={t("goods.form.ownRange")} valuePropName="checked" extra={t("goods.form.ownRangeHelp")}>
              <Switch />
            </Form.Item>
            {ownRange ? (
              <Form.Item name="deliveryRange" label={t("goods.form.deliveryRange")} extra={t("goods.form.deliveryRangeHelp")}>
                <ShapesMapField label={t("goods.form.deliveryRange")} />
              </Form.Item>
            ) : null}
          </Card>
        )}

        <div className="goods-form-actions">
          <Space wrap>
            <Button type="primary" loading={submitting && pressed === "on"} disabled={submitting} onClick={() => void submit("on")}>
              {t("goods.form.saveOn")}
            </Button>
            <Button htmlType="submit" loading={submitting && pressed === "save"} disabled={submitting}>
              {t("goods.form.save")}
            </Button>
            {canDraft ? (
              <Button loading={submitting && pressed === "draft"} disabled={submitting} onClick={() => void submit("draft")}>
                {t("goods.form.saveDraft")}
              </Button>
            ) : null}
            <Button
              onClick={() => {
                draft.clear();
                navigate(paths.goodsList());
              }}
            >
              {t("common.cancel")}
            </Button>
          </Space>
        </div>
      </Form>
    </>
  );

  return (
    <>
      <PageHeader title={title} description={saved ? t(`goods.status.${saved.status}`) : undefined} />
      {saved && ownGoods ? (
        <GoodsTabs
          tabs={[
            { key: "item", label: t("goods.sections.item"), children: body, forceRender: true },
            ...(saved.fresh
              ? [{ key: "batches", label: t("goods.sections.batches"), children: <BatchesTab goodsId={saved.id} skus={saved.skus} /> }]
              : []),
            { key: "trace", label: t("goods.sections.trace"), children: <TraceTab goodsId={saved.id} goodsName={saved.name} /> },
          ]}
        />
      ) : (
        body
      )}
    </>
  );
}

/** A rate kept in basis points (the contract's unit) and typed as a percentage with up to two decimals. */
function PercentInput({ value, onChange, id }: { value?: number | null; onChange?: (bp: number | null) => void; id?: string }) {
  return (
    <InputNumber
      id={id}
      min={0}
      max={MAX_REBATE_BP / 100}
      step={0.5}
      precision={2}
      suffix="%"
      value={value === null || value === undefined ? null : value / 100}
      onChange={(v) => onChange?.(v === null || v === undefined ? null : Math.round(Number(v) * 100))}
      style={{ width: 140 }}
    />
  );
}
