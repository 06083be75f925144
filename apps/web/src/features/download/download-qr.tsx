import { Flex, QRCode, Typography } from "antd";
import { useTranslation } from "react-i18next";

/**
 * A release's download link as a QR code for the phone (antd's QRCode, drawn in the browser), with the link
 * itself as text beside it: the image is named after the link for screen readers.
 */
export function DownloadQr({
  version,
  url,
  size = 160,
  label,
  caption,
}: {
  version: string;
  url: string;
  size?: number;
  /** The image's name (default: the release's download link). */
  label?: string;
  /** The line under it (default: "scan to download"). */
  caption?: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={8} style={{ maxWidth: size + 80 }}>
      {/* The svg itself is the image (role img), named after the link it holds. */}
      <QRCode
        value={url}
        type="svg"
        size={size}
        bordered={false}
        errorLevel="M"
        aria-label={label ?? t("download.qrLabel", { version, url })}
      />
      <Typography.Text type="secondary">{caption ?? t("download.scan")}</Typography.Text>
      <Typography.Link href={url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: "break-all", textAlign: "center" }}>
        {url}
      </Typography.Link>
    </Flex>
  );
}
