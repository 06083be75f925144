import * as contract from "@sbo/contract/content";
import { Card, Form, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { RichTextField } from "@/components/rich-text";
import { TextInput } from "@/components/text-input";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type ContentPage, contentKeys, contentPageQuery, useContentPage } from "./content.api";

const FORM = "content";

interface ContentValues {
  code: string;
  title: string;
  content: string;
  published: boolean;
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = search.get("id");
  if (id !== null) void client.prefetchQuery(contentPageQuery(id));
};

/** `paths.contentEdit(id)`: one content page's title, code and rich text; without `id` a new page. */
export function Component() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get("id");
  const page = useContentPage(id);
  if (!id) return <ContentForm saved={null} />;
  return (
    <QueryState query={page} failed={t("content.loadFailed")}>
      {(d) => <ContentForm key={id} saved={d} />}
    </QueryState>
  );
}

function ContentForm({ saved }: { saved: ContentPage | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(contentKeys.all);
  const canEdit = useHolds("shop.cms.edit");
  return (
    <>
      <PageHeader title={saved ? t("content.editTitle", { title: saved.title }) : t("content.addTitle")} />
      <Card>
        <ContractForm<typeof contract.content.updWebContent, ContentValues>
          name={FORM}
          entry={contract.content.updWebContent}
          layout="vertical"
          disabled={!canEdit}
          initialValues={{
            code: saved?.code ?? "",
            title: saved?.title ?? "",
            content: saved?.content ?? "",
            published: saved?.published ?? true,
          }}
          toInput={(v) => ({
            code: v.code?.trim() ?? "",
            title: v.title?.trim() ?? "",
            content: v.content ?? "",
            published: v.published,
            ...(saved ? { id: saved.id, updatedAt: saved.updatedAt } : {}),
          })}
          submitText={t("content.save")}
          draft={canEdit ? { key: saved ? `content.update:${saved.id}` : "content.add" } : undefined}
          onCancel={() => navigate(paths.contentList())}
          onSuccess={async (output) => {
            await write.done(t("content.saved", { title: output.title }));
            navigate(paths.contentList());
          }}
        >
          <Form.Item
            name="title"
            label={t("content.fields.title")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("content.fields.title") }) }]}
          >
            <TextInput maxLength={contract.MAX_CONTENT_TITLE} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t("content.fields.code")}
            extra={t("content.fields.codeHelp")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("content.fields.code") }) }]}
          >
            <TextInput maxLength={32} />
          </Form.Item>
          <Form.Item name="content" label={t("content.fields.content")}>
            <RichTextField
              label={t("content.fields.content")}
              imageUpload={{ purpose: contract.CONTENT_IMAGE.purpose, limits: { accept: ["image"], maxKb: contract.CONTENT_IMAGE.maxKb } }}
              minHeight={280}
            />
          </Form.Item>
          <Form.Item name="published" label={t("content.fields.published")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </ContractForm>
      </Card>
    </>
  );
}
