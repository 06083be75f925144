import { media } from "@sbo/contract/media";
import { call } from "./api-client";
import { uploadTo } from "./upload-file";

/**
 * A video goes to this server's file store only through the video library's upload (`contract.media.upload`, the
 * "Videos" function), with a short-lived credential asked for first: the general upload takes no videos.
 */
export async function uploadVideo(file: File, onProgress: (percent: number) => void): Promise<{ id: string; url: string; name: string }> {
  const sts = await call(media.getUploadSts2WithExpire, {}, { notify: false });
  const up = await uploadTo(media.upload, file, { token: sts.token }, { onProgress, notify: false });
  return { id: up.id, url: up.url, name: up.name };
}
