import { MEDIA_VIDEO, type MediaRejectReason } from "@sbo/contract";

/*
 * The automatic review of a video's bytes (docs/domains/media.md): the container (MP4 or WebM by its magic bytes),
 * the size and the duration the container states (MP4: the movie header `mvhd`; WebM: the segment's `Duration` with
 * its `TimecodeScale`).
 */

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString("latin1");

/** The duration an MP4 states in its movie header, in seconds. */
export function mp4Duration(bytes: Buffer): number | null {
  const at = bytes.indexOf("mvhd", 0, "latin1");
  if (at < 4 || at + 32 > bytes.length) return null;
  const version = bytes[at + 4];
  const timescale = version === 1 ? bytes.readUInt32BE(at + 24) : bytes.readUInt32BE(at + 16);
  const duration = version === 1 ? Number(bytes.readBigUInt64BE(at + 28)) : bytes.readUInt32BE(at + 20);
  return timescale > 0 ? duration / timescale : null;
}

/** The duration a WebM states (segment info's Duration × TimecodeScale), in seconds. */
export function webmDuration(bytes: Buffer): number | null {
  const find = (id: number[]) => {
    for (let i = 0; i + id.length < bytes.length; i++) if (id.every((x, k) => bytes[i + k] === x)) return i + id.length;
    return -1;
  };
  // A one-byte size (0x80 | n) follows each element id here: the muxers write these small elements so.
  const floatAt = (at: number) => {
    const size = (bytes[at] ?? 0) & 0x7f;
    if (size === 4) return bytes.readFloatBE(at + 1);
    if (size === 8) return bytes.readDoubleBE(at + 1);
    return null;
  };
  const uintAt = (at: number) => {
    const size = (bytes[at] ?? 0) & 0x7f;
    return size >= 1 && size <= 6 ? bytes.readUIntBE(at + 1, size) : null;
  };
  const d = find([0x44, 0x89]);
  if (d < 0) return null;
  const ticks = floatAt(d);
  const s = find([0x2a, 0xd7, 0xb1]);
  const scale = s < 0 ? 1_000_000 : (uintAt(s) ?? 1_000_000);
  return ticks === null ? null : (ticks * scale) / 1e9;
}

export type CheckOutcome =
  | { approved: true; durationSeconds: number }
  | { approved: false; reason: MediaRejectReason; durationSeconds: number | null };

/** What the review decides of a video's bytes and its cover's content type. */
export function checkVideo(bytes: Buffer, coverContentType: string | null): CheckOutcome {
  const mp4 = ascii(bytes, 4, 8) === "ftyp";
  const webm = bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  if (!mp4 && !webm) return { approved: false, reason: "notVideo", durationSeconds: null };
  if (bytes.length > MEDIA_VIDEO.maxMb * 1024 * 1024) return { approved: false, reason: "tooLarge", durationSeconds: null };
  const duration = mp4 ? mp4Duration(bytes) : webmDuration(bytes);
  if (duration === null || !Number.isFinite(duration)) return { approved: false, reason: "durationUnknown", durationSeconds: null };
  const seconds = Math.round(duration * 100) / 100;
  if (seconds < MEDIA_VIDEO.minSeconds) return { approved: false, reason: "tooShort", durationSeconds: seconds };
  if (seconds > MEDIA_VIDEO.maxSeconds) return { approved: false, reason: "tooLong", durationSeconds: seconds };
  if (coverContentType !== null && !coverContentType.startsWith("image/"))
    return { approved: false, reason: "coverNotImage", durationSeconds: seconds };
  return { approved: true, durationSeconds: seconds };
}

// ---- small videos made in code (the demo's and the tests') ----

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};

/**
 * A minimal MP4 stating `seconds` in its movie header: `ftyp` (isom) and `moov` holding `mvhd` (no tracks: a
 * container-valid file of a few dozen bytes, which players show as empty).
 */
export function tinyMp4(seconds: number): Buffer {
  const ftyp = box(
    "ftyp",
    Buffer.concat([Buffer.from("isom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2mp41", "latin1")]),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(0, 0); // version 0, flags
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [i, v] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) mvhd.writeUInt32BE(v, 36 + i * 4);
  mvhd.writeUInt32BE(2, 96); // next track id
  return Buffer.concat([ftyp, box("moov", box("mvhd", mvhd))]);
}
