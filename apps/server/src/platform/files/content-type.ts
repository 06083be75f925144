/**
 * The content type of a file decided from its bytes (magic numbers), never from what the client declared: an
 * upload is stored and served as what it really is, and bytes that match no accepted type are refused.
 */
export interface Sniffed {
  contentType: string;
  /** The usual file name extension, for a name the client sent without one. */
  extension: string;
}

/** What the sniffer looks at: the first bytes and the last ones (a zip's central directory lives at its end). */
export interface FileEnds {
  head: Buffer;
  tail: Buffer;
}

/** How many bytes of each end the sniffer needs. */
// A JPEG states its size after its metadata segments (EXIF is at most 64 KB), so the head is that long.
export const HEAD_BYTES = 96 * 1024;
export const TAIL_BYTES = 64 * 1024;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString("latin1");
/** ISO base media brands of MP4 video (not QuickTime, HEIF images or 3GP). */
const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V "]);

/** The accepted type of these bytes, or null when they are none of the accepted types. */
export function sniff({ head, tail }: FileEnds): Sniffed | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", extension: "png" };
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return { contentType: "image/gif", extension: "gif" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return { contentType: "image/webp", extension: "webp" };
  if (ascii(head, 0, 5) === "%PDF-") return { contentType: "application/pdf", extension: "pdf" };
  if (ascii(head, 4, 8) === "ftyp" && MP4_BRANDS.has(ascii(head, 8, 12))) return { contentType: "video/mp4", extension: "mp4" };
  // WebM: an EBML document whose DocType (in the header's first bytes) is "webm".
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.subarray(0, 64).includes("webm", 0, "latin1"))
    return { contentType: "video/webm", extension: "webm" };
  // An .xlsx is a zip whose directory names the workbook part; any other zip (a .docx, an .apk) is refused.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && tail.includes("xl/workbook.xml", 0, "latin1"))
    return { contentType: XLSX, extension: "xlsx" };
  return null;
}

/** An image's size in pixels, read from its first bytes (PNG, GIF, WebP, JPEG); null when they do not say. */
export function imageSize(head: Buffer, contentType: string): { width: number; height: number } | null {
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  if (contentType === "image/png" && head.length >= 24) return size(head.readUInt32BE(16), head.readUInt32BE(20));
  if (contentType === "image/gif" && head.length >= 10) return size(head.readUInt16LE(6), head.readUInt16LE(8));
  if (contentType === "image/webp" && head.length >= 30) {
    const chunk = ascii(head, 12, 16);
    // Lossy: 14-bit sizes after the key frame's start code; lossless: 14-bit sizes packed after the signature;
    // extended: 24-bit sizes minus one.
    if (chunk === "VP8 ") return size(head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff);
    if (chunk === "VP8L") {
      const bits = head.readUInt32LE(21);
      return size((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    if (chunk === "VP8X") return size(head.readUIntLE(24, 3) + 1, head.readUIntLE(27, 3) + 1);
    return null;
  }
  if (contentType === "image/jpeg") {
    // Walk the segments to the first start-of-frame marker (C0–CF but C4, C8, CC), which holds height then width.
    let at = 2;
    while (at + 9 < head.length) {
      if (head[at] !== 0xff) return null;
      const marker = head[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return size(head.readUInt16BE(at + 7), head.readUInt16BE(at + 5));
      at += 2 + head.readUInt16BE(at + 2);
    }
  }
  return null;
}
