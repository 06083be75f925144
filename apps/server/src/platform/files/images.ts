import sharp, { type FormatEnum, type OutputInfo } from "sharp";

/*
 * Uploaded images as they are kept and shown (docs/domains/platform.md, "Images"): decoded by sharp (libvips), turned
 * upright by their EXIF orientation and written again without any metadata, so what is stored and served is never
 * what the camera wrote (GPS position, device, XMP, colour profiles other than sRGB). Beside each original, two WebP
 * renditions: `list` for tables, cards and thumbnails, `detail` for a buyer's product page or an advert banner.
 */

/** The long edge of each rendition, in pixels (never enlarged: a smaller image keeps its size). */
export const RENDITIONS = { list: 400, detail: 1200 } as const;
export type RenditionSize = keyof typeof RENDITIONS;
export const renditionSizes = Object.keys(RENDITIONS) as RenditionSize[];

/**
 * The most pixels an image may have to be decoded (width × height). A 10 MB upload can declare a 60 000 × 60 000
 * image that would need gigabytes to decode: libvips refuses it before decoding. 50 megapixels holds every phone
 * camera's photo (a 48 MP sensor's 8000 × 6000).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * How many images one process works on at once. sharp runs in libuv's thread pool (4 threads by default, shared
 * with file reads, hashing and DNS): two at a time leave the others to the rest of the server, and bound the memory
 * of decoded images (at most 2 × 50 MP × 4 bytes).
 */
export const IMAGE_JOBS = 2;

// One libvips thread per image (the pool already runs two), and no cache of decoded images between calls: each
// upload is seen once.
sharp.concurrency(1);
sharp.cache(false);

/** The bytes claim to be an image (their magic number) but do not decode as one. */
export class ImageUnreadableError extends Error {
  constructor(cause: unknown) {
    super("the image cannot be decoded", { cause });
  }
}

/** The image has more than MAX_INPUT_PIXELS pixels. */
export class ImageTooManyPixelsError extends Error {
  constructor() {
    super(`the image has more than ${MAX_INPUT_PIXELS} pixels`);
  }
}

let running = 0;
const waiting: (() => void)[] = [];
/** Runs `work` when fewer than IMAGE_JOBS images are being worked on; the rest wait their turn, first come first. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_JOBS) await new Promise<void>((go) => waiting.push(go));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const OUTPUT: Partial<Record<string, keyof FormatEnum>> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};
const ANIMATED = new Set(["image/gif", "image/webp"]);

const refusalOf = (err: unknown) =>
  err instanceof Error && /pixel limit/i.test(err.message) ? new ImageTooManyPixelsError() : new ImageUnreadableError(err);

export interface CleanImage {
  /** The image upright, in its own format, with no metadata. */
  bytes: Buffer;
  width: number;
  height: number;
  renditions: Record<RenditionSize, Buffer>;
}

/**
 * An uploaded image made fit to keep: decoded in full (bytes that only start like an image are refused), upright,
 * without metadata, in the format it came in (`contentType`: JPEG, PNG, GIF or WebP; animations kept), and its
 * renditions.
 */
export function cleanImage(bytes: Buffer, contentType: string): Promise<CleanImage> {
  const format = OUTPUT[contentType];
  if (!format) return Promise.reject(new ImageUnreadableError(new Error(`no image format for ${contentType}`)));
  return inTurn(async () => {
    const animated = ANIMATED.has(contentType);
    let cleaned: { data: Buffer; info: OutputInfo };
    try {
      // `failOn: "error"`: a truncated or corrupt image is refused rather than kept half grey. `autoOrient` reads the
      // EXIF orientation before the metadata goes (sharp writes none unless asked to keep it).
      cleaned = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated })
        .autoOrient()
        .toFormat(format, format === "jpeg" ? { quality: 90 } : format === "webp" ? { quality: 90 } : {})
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw refusalOf(err);
    }
    const height = cleaned.info.pageHeight ?? cleaned.info.height;
    return { bytes: cleaned.data, width: cleaned.info.width, height, renditions: await renditionsOf(cleaned.data) };
  });
}

/** The WebP renditions of an image (its first frame, upright, without metadata). */
async function renditionsOf(bytes: Buffer): Promise<Record<RenditionSize, Buffer>> {
  const out = {} as Record<RenditionSize, Buffer>;
  try {
    for (const size of renditionSizes) {
      out[size] = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .autoOrient()
        .resize(RENDITIONS[size], RENDITIONS[size], { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    }
  } catch (err) {
    throw refusalOf(err);
  }
  return out;
}

/**
 * The renditions of an image kept before renditions were made (or by a path that made none): from its bytes as
 * stored, in turn with the uploads.
 */
export function renditionsOfStored(bytes: Buffer): Promise<Record<RenditionSize, Buffer>> {
  return inTurn(() => renditionsOf(bytes));
}
