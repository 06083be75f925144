import * as contract from "@sbo/contract/media";
import { Alert, App, Button, Card, Form, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { GoodsPickerModal } from "@/components/goods-picker-modal";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextInput } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { uploadVideo } from "@/platform/upload-video";
import { useWrite } from "@/platform/use-write";
import { mediaKeys, useVideoDetail, type VideoDetail, videoDetailQuery } from "./media.api";
import { VideoStateBadge } from "./video-list-page";

interface Values {
  title: string;
  video: UploadValue | null;
  cover: UploadValue | null;
  /** The goods linked (kept among the values, so a draft brings them back with the rest). */
  chosenGoods?: { id: string; name: string }[];
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const id = search.get("id") ?? "";
  if (id) void client.prefetchQuery(videoDetailQuery(id));
};

/**
 * `paths.videoEdit(id)` (`shop.video`; `?id=` edits one): title, the video file (sent with a short-lived upload
 * credential, MP4 or WebM up to 50 MB), a cover image and linked goods. Saving sends the video to the automatic
 * review.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const detail = useVideoDetail(id);
  if (!id) return <VideoForm />;
  return (
    <QueryState query={detail} failed={t("media.loadFailed")}>
      {(d) => <VideoForm current={d} />}
    </QueryState>
  );
}

function VideoForm({ current }: { current?: VideoDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const write = useWrite(mediaKeys.all);
  const [form] = Form.useForm<Values>();
  const goods: { id: string; name: string }[] = Form.useWatch("chosenGoods", { form, preserve: true }) ?? current?.goods ?? [];
  const setGoods = (next: (all: typeof goods) => typeof goods) => form.setFieldValue("chosenGoods", next(goods));
  const [picking, setPicking] = useState(false);
  const entry = current ? contract.media.update : contract.media.add;

  return (
    <>
      <PageHeader
        title={current ? t("media.form.editTitle") : t("media.form.addTitle")}
        description={current ? <VideoStateBadge row={current} /> : null}
        extra={<Button onClick={() => navigate(paths.videoList())}>{t("media.actions.back")}</Button>}
      />
      <Card>
        <Alert type="info" showIcon title={t("media.form.reviewNote")} style={{ marginBottom: 16 }} />
        <ContractForm<typeof entry, Values>
          name="video"
          entry={entry}
          form={form}
          initialValues={{
            title: current?.title ?? "",
            video: current?.video ?? null,
            cover: current?.cover ?? null,
            chosenGoods: current?.goods ?? [],
          }}
          draft={{ key: current ? `video.update:${current.id}` : "video.add" }}
          toInput={(v) =>
            ({
              ...(current ? { id: current.id } : {}),
              title: v.title,
              videoFileId: v.video?.id ?? "",
              coverFileId: v.cover?.id ?? null,
              goodsIds: goods.map((g) => g.id),
            }) as never
          }
          submitText={t("media.form.save")}
          onCancel={() => navigate(paths.videoList())}
          onSuccess={async () => {
            void message.success(t("media.done.saved"));
            await write.done();
            navigate(paths.videoList());
          }}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="title" label={t("media.form.title")} rules={[{ required: true, whitespace: true }]}>
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item name="video" label={t("media.form.video")} extra={t("media.form.videoHelp")} rules={[{ required: true }]}>
            <FileUpload accept="video/mp4,video/webm" maxSizeMB={contract.MEDIA_VIDEO.maxMb} send={uploadVideo} />
          </Form.Item>
          <Form.Item name="cover" label={t("media.form.cover")}>
            <FileUpload
              image
              accept="image/*"
              purpose={contract.MEDIA_COVER.purpose}
              limits={{ accept: ["image"], maxKb: contract.MEDIA_COVER.maxKb }}
            />
          </Form.Item>
          <Form.Item label={t("media.form.goods")} name="goodsIds">
            <div>
              <Button onClick={() => setPicking(true)} style={{ marginBottom: 8 }}>
                {t("media.form.chooseGoods")}
              </Button>
              {goods.length === 0 ? (
                <div>{t("media.form.noGoods")}</div>
              ) : (
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={goods}
                  columns={[
                    { key: "name", title: t("media.form.goods"), render: (_, g) => g.name },
                    {
                      key: "remove",
                      title: "",
                      width: 80,
                      render: (_, g) => (
                        <Button type="link" size="small" onClick={() => setGoods((all) => all.filter((x) => x.id !== g.id))}>
                          {t("media.form.remove")}
                        </Button>
                      ),
                    },
                  ]}
                />
              )}
            </div>
          </Form.Item>
        </ContractForm>
      </Card>
      <GoodsPickerModal
        open={picking}
        title={t("media.form.pickerTitle")}
        exclude={new Set(goods.map((g) => g.id))}
        max={contract.MAX_MEDIA_GOODS}
        onCancel={() => setPicking(false)}
        onPick={async (_ids, rows) => {
          setGoods((all) => [...all, ...rows.filter((r) => !all.some((g) => g.id === r.id)).map((r) => ({ id: r.id, name: r.name }))]);
          setPicking(false);
        }}
      />
    </>
  );
}
