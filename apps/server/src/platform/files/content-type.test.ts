import { describe, expect, it } from "vitest";
import { imageSize } from "./content-type";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");
const u16be = (n: number) => [n >> 8, n & 0xff];

describe("an image's size in pixels, from its first bytes", () => {
  it("reads a PNG's header", () => {
    const png = Buffer.concat([hex("89504e470d0a1a0a 0000000d 49484452"), Buffer.from([0, 0, 3, 0x20, 0, 0, 2, 0x58])]);
    expect(imageSize(png, "image/png")).toEqual({ width: 800, height: 600 });
  });

  it("reads a GIF's screen size", () => {
    expect(imageSize(Buffer.concat([Buffer.from("GIF89a"), Buffer.from([0x40, 0x01, 0xf0, 0x00])]), "image/gif")).toEqual({
      width: 320,
      height: 240,
    });
  });

  it("reads a JPEG's frame after its metadata segments", () => {
    const app1 = [0xff, 0xe1, ...u16be(2 + 300), ...new Array(300).fill(0)];
    const sof0 = [0xff, 0xc0, ...u16be(17), 8, ...u16be(480), ...u16be(640), 3, ...new Array(9).fill(0)];
    expect(imageSize(Buffer.from([0xff, 0xd8, ...app1, ...sof0]), "image/jpeg")).toEqual({ width: 640, height: 480 });
  });

  it("skips a JPEG's Huffman table (C4), which is not a frame", () => {
    const dht = [0xff, 0xc4, ...u16be(4), 0, 0];
    const sof2 = [0xff, 0xc2, ...u16be(17), 8, ...u16be(100), ...u16be(200), 3, ...new Array(9).fill(0)];
    expect(imageSize(Buffer.from([0xff, 0xd8, ...dht, ...sof2]), "image/jpeg")).toEqual({ width: 200, height: 100 });
  });

  it("reads the three kinds of WebP", () => {
    const riff = (chunk: string, body: number[]) =>
      Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from(`WEBP${chunk}`), Buffer.alloc(4), Buffer.from(body)]);
    // Lossy: frame tag (3), start code (3), then 14-bit width and height.
    expect(imageSize(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x20, 0x03, 0x58, 0x02, 0, 0]), "image/webp")).toEqual({
      width: 800,
      height: 600,
    });
    // Lossless: signature 0x2f, then width − 1 and height − 1 in 14 bits each.
    const bits = (799 & 0x3fff) | ((599 & 0x3fff) << 14);
    expect(
      imageSize(
        riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0, 0, 0]),
        "image/webp",
      ),
    ).toEqual({ width: 800, height: 600 });
    // Extended: flags (4), then width − 1 and height − 1 in 24 bits each.
    expect(imageSize(riff("VP8X", [0, 0, 0, 0, 0x1f, 0x03, 0, 0x57, 0x02, 0]), "image/webp")).toEqual({ width: 800, height: 600 });
  });

  it("answers null when the bytes do not say (a JPEG cut before its frame, a PDF)", () => {
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), "image/jpeg")).toBeNull();
    expect(imageSize(Buffer.from("%PDF-1.4"), "application/pdf")).toBeNull();
  });
});
