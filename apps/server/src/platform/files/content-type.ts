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
export const HEAD_BYTES = 4096;
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
  // An .xlsx is a zip whose directory names the workbook part; any other zip (a .docx, an .apk) is refused.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && tail.includes("xl/workbook.xml", 0, "latin1"))
    return { contentType: XLSX, extension: "xlsx" };
  return null;
}
