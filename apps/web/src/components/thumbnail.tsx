import { Image, type ImageProps } from "antd";

/**
 * The list-size rendition of an uploaded file's URL (`/files/<id>` → `/files/<id>?size=list`: the server's WebP of at
 * most 400 px, a few kB instead of a photo of up to 10 MB). Any other URL (a local preview) is left as it is.
 */
export function listSizeUrl(url: string): string {
  return /^\/files\/[^/?#]+$/.test(url) ? `${url}?size=list` : url;
}

/**
 * An uploaded image shown small (a list's cell, a form's picture, a dialog's voucher): it loads the list size, and
 * its preview, when it has one, the full image.
 */
export function Thumbnail({ file, preview, ...props }: Omit<ImageProps, "src"> & { file: { url: string } }) {
  const full = preview === false ? false : { ...(typeof preview === "object" ? preview : {}), src: file.url };
  return <Image {...props} src={listSizeUrl(file.url)} preview={full} />;
}
