import type { EventEmitter } from "node:events";
import type { Writable } from "node:stream";
import { crc32, createDeflateRaw, deflateRawSync, type ZlibOptions } from "node:zlib";

/*
 * A streaming writer of a one-sheet .xlsx of plain cells (text, numbers, dates; a bold header row; column widths and
 * number formats), for the exports (xlsx.ts). Issue 24 goal 5: exceljs's streaming writer builds a cell object, a
 * style and an XML node per value; on the shared 2-core machine it took 16–47 s to write 100,000 orders' rows (query
 * included), where this writer takes 4–10 s in the same runs (bench/README.md, "Order export"). The exports need none
 * of what that machinery is for. This writes each row's XML as one string, deflates it on libuv's threads (zlib's
 * stream, ahead of the writing) and zips the parts itself: the small parts stored whole first, then the sheet's entry
 * streamed with a data descriptor. The parts are standard SpreadsheetML (inline strings, one styles part). Checked
 * with exceljs (every export test reads its file back), with the uploads' streaming reader (this writer's test), and
 * on 90,000 orders with `unzip -t` and an XML parser; not yet opened in Excel, WPS or LibreOffice (none on the
 * development machine). Limit of the zip format without ZIP64: a sheet under 4 GiB unpacked (about five million
 * orders at 740 bytes of XML each); beyond it the export fails rather than corrupts.
 */

export type CellValue = string | number | Date | null | undefined;

export interface SheetLayout {
  name: string;
  columns: { header: string; width: number; numFmt?: string | undefined }[];
}

/** The number format exceljs gives a date cell that has none (builtin 14, `mm-dd-yy`). */
const DEFAULT_DATE_FORMAT = 14;
const FIRST_CUSTOM_FORMAT = 164;
const FOUR_GIB = 0x1_0000_0000;
/** Bytes of row XML gathered before they go to the deflater. */
const CHUNK = 64 * 1024;
const DEFLATE_AHEAD = 4 * 1024 * 1024;
/**
 * zlib's level 3: on 90,000 orders, 8.2 MB in about two thirds of level 6's time (7.0 MB); level 1 was 9.4 MB for
 * little less time. exceljs wrote 9.1 MB for the same rows.
 */
const DEFLATE_LEVEL = 3;

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// XML 1.0 forbids most control characters even escaped: they are dropped, as exceljs dropped them.
const forbidden = ["\\u0000-\\u0008", "\\u000b", "\\u000c", "\\u000e-\\u001f", "\\ufffe", "\\uffff"].join("");
const needsEscape = new RegExp(`[&<>"${forbidden}]`);
const escapable = new RegExp(`[&<>"${forbidden}]`, "g");
const entity: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
export const xmlText = (s: string): string => (needsEscape.test(s) ? s.replace(escapable, (c) => entity[c] ?? "") : s);
const edgeSpace = /^\s|\s$/;

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A Date as a spreadsheet serial (days since 1899-12-30, 1900 system), read from its UTC fields as exceljs did. */
export const excelSerial = (d: Date): number => d.getTime() / 86_400_000 + 25569;

/** The styles part: fonts 0 (normal) and 1 (bold), and one cell format per number format the columns use. */
function stylesXml(formats: { code: string | null; id: number }[]): string {
  const custom = formats.filter((f) => f.code !== null);
  const font = (bold: boolean) =>
    `<font>${bold ? "<b/>" : ""}<sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>`;
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ""}${fontId ? ' applyFont="1"' : ""}/>`;
  return (
    `${HEAD}<styleSheet xmlns="${MAIN}">` +
    (custom.length
      ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${xmlText(f.code ?? "")}"/>`).join("")}</numFmts>`
      : "") +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${2 + formats.length}">${xf(0, 0)}${xf(0, 1)}${formats.map((f) => xf(f.id, 0)).join("")}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

/** The package's small parts, by name, before the sheet. */
function packageParts(sheetName: string, styles: string): [string, string][] {
  return [
    [
      "[Content_Types].xml",
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ["xl/styles.xml", styles],
  ];
}

/** Resolves on the first of two events (and forgets both listeners). */
function either(a: EventEmitter, aEvent: string, b: EventEmitter, bEvent: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      a.off(aEvent, done);
      b.off(bEvent, done);
      resolve();
    };
    a.on(aEvent, done);
    b.on(bEvent, done);
  });
}

interface ZipEntry {
  name: Buffer;
  flags: number;
  crc: number;
  packed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date of now (the zip's entries' modification time). */
function dosTime(d = new Date()): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export interface SheetWriter {
  /** Adds a row of cells (null and undefined leave the cell empty). */
  row(values: readonly CellValue[]): void;
  /** Hands the rows gathered so far to the deflater, waiting while the reader is behind (backpressure). */
  flush(): Promise<void>;
  /** Writes the rest and ends `out`. */
  end(): Promise<void>;
  /** Stops: frees the deflater (the caller destroys `out`). */
  abort(): void;
}

/**
 * Writes a workbook of one sheet to `out`: the header row (bold) at once, then rows as they are added. The caller
 * calls `flush` now and then (between pages) and `end` once; `out`'s reader sets the pace.
 */
export function sheetWriter(out: Writable, layout: SheetLayout, opts: { level?: number } = {}): SheetWriter {
  // One cell format per distinct number format; a date without one gets exceljs's default.
  const formats: { code: string | null; id: number }[] = [];
  const styleOf = (code: string | null): number => {
    let at = formats.findIndex((f) => f.code === code);
    if (at < 0) {
      formats.push({ code, id: code === null ? DEFAULT_DATE_FORMAT : FIRST_CUSTOM_FORMAT + formats.filter((f) => f.code !== null).length });
      at = formats.length - 1;
    }
    return 2 + at;
  };
  const letters = layout.columns.map((_, i) => columnLetter(i));
  const styles = layout.columns.map((c) => (c.numFmt ? styleOf(c.numFmt) : 0));
  const defaultDate = styleOf(null);
  const dateStyle = (i: number) => styles[i] || defaultDate;

  const { time, date } = dosTime();
  const entries: ZipEntry[] = [];
  let offset = 0;
  const put = (b: Buffer) => {
    offset += b.length;
    return out.write(b);
  };
  const localHeader = (e: ZipEntry, method: number) => {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(e.flags, 6);
    h.writeUInt16LE(method, 8);
    h.writeUInt16LE(time, 10);
    h.writeUInt16LE(date, 12);
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.packed, 18);
    h.writeUInt32LE(e.size, 22);
    h.writeUInt16LE(e.name.length, 26);
    put(Buffer.concat([h, e.name]));
  };
  const whole = (name: string, text: string) => {
    const bytes = Buffer.from(text, "utf8");
    const packed = deflateRawSync(bytes);
    const e: ZipEntry = {
      name: Buffer.from(name, "utf8"),
      flags: 0x0800,
      crc: crc32(bytes),
      packed: packed.length,
      size: bytes.length,
      offset,
    };
    localHeader(e, 8);
    put(packed);
    entries.push(e);
  };

  // The sheet: its local header now, sizes and CRC in the data descriptor after its bytes.
  let sheet: ZipEntry | null = null;
  // The deflater takes up to DEFLATE_AHEAD bytes of XML before it asks the writer to wait, so it compresses on libuv's
  // threads while the next rows are made here, instead of in turn with them.
  // (zlib's streams take the stream options too; Node's types leave them out.)
  const deflateOptions: ZlibOptions & { writableHighWaterMark: number } = {
    level: opts.level ?? DEFLATE_LEVEL,
    writableHighWaterMark: DEFLATE_AHEAD,
  };
  const deflate = createDeflateRaw(deflateOptions);
  deflate.on("data", (chunk: Buffer) => {
    if (sheet) sheet.packed += chunk.length;
    if (!put(chunk)) {
      deflate.pause();
      out.once("drain", () => deflate.resume());
    }
  });
  let pending = "";
  let rowNumber = 0;
  const gone = () => out.destroyed || out.writableEnded;

  const feed = async (text: string) => {
    if (!sheet) throw new Error("sheet not begun");
    const bytes = Buffer.from(text, "utf8");
    sheet.crc = crc32(bytes, sheet.crc);
    sheet.size += bytes.length;
    if (sheet.size >= FOUR_GIB) throw new Error("export too large for one sheet (4 GiB unpacked)");
    if (!deflate.write(bytes)) await either(deflate, "drain", out, "close");
    if (gone()) throw new Error("export reader gone");
  };

  const cols = layout.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${styles[i] ? ` style="${styles[i]}"` : ""}/>`)
    .join("");
  const sheetHead =
    `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"/></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;

  // Each cell's style attribute, ready: the header's (bold) and the body's (the column's number format).
  const headerStyle = layout.columns.map(() => ' s="1"');
  const bodyStyle = styles.map((s) => (s ? ` s="${s}"` : ""));
  const dateAttr = styles.map((_, i) => ` s="${dateStyle(i)}"`);
  const rowXml = (values: readonly CellValue[], style: readonly string[]) => {
    rowNumber++;
    let x = `<row r="${rowNumber}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      if (typeof v === "string") {
        const space = edgeSpace.test(v) ? ' xml:space="preserve"' : "";
        x += `<c r="${letters[i]}${rowNumber}"${style[i]} t="inlineStr"><is><t${space}>${xmlText(v)}</t></is></c>`;
      } else if (typeof v === "number") {
        if (Number.isFinite(v)) x += `<c r="${letters[i]}${rowNumber}"${style[i]}><v>${v}</v></c>`;
      } else if (!Number.isNaN(v.getTime())) {
        x += `<c r="${letters[i]}${rowNumber}"${dateAttr[i]}><v>${excelSerial(v)}</v></c>`;
      }
    }
    return `${x}</row>`;
  };

  // The small parts first (readers that stream the zip meet the workbook and its styles before the sheet).
  for (const [name, text] of packageParts(layout.name, stylesXml(formats))) whole(name, text);
  const headerXml = rowXml(
    layout.columns.map((c) => c.header),
    headerStyle,
  );
  sheet = { name: Buffer.from("xl/worksheets/sheet1.xml", "utf8"), flags: 0x0808, crc: 0, packed: 0, size: 0, offset };
  localHeader(sheet, 8);
  pending = sheetHead + headerXml;

  return {
    row(values) {
      pending += rowXml(values, bodyStyle);
    },
    async flush() {
      if (pending.length < CHUNK) return;
      const text = pending;
      pending = "";
      await feed(text);
    },
    async end() {
      await feed(`${pending}</sheetData></worksheet>`);
      pending = "";
      const finished = either(deflate, "end", out, "close");
      deflate.end();
      await finished;
      if (gone() || !sheet) throw new Error("export reader gone");
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(sheet.crc >>> 0, 4);
      descriptor.writeUInt32LE(sheet.packed, 8);
      descriptor.writeUInt32LE(sheet.size, 12);
      put(descriptor);
      entries.push(sheet);
      const start = offset;
      for (const e of entries) {
        const c = Buffer.alloc(46);
        c.writeUInt32LE(0x02014b50, 0);
        c.writeUInt16LE(20, 4);
        c.writeUInt16LE(20, 6);
        c.writeUInt16LE(e.flags, 8);
        c.writeUInt16LE(8, 10);
        c.writeUInt16LE(time, 12);
        c.writeUInt16LE(date, 14);
        c.writeUInt32LE(e.crc >>> 0, 16);
        c.writeUInt32LE(e.packed, 20);
        c.writeUInt32LE(e.size, 24);
        c.writeUInt16LE(e.name.length, 28);
        c.writeUInt32LE(e.offset, 42);
        put(Buffer.concat([c, e.name]));
      }
      const endRecord = Buffer.alloc(22);
      endRecord.writeUInt32LE(0x06054b50, 0);
      endRecord.writeUInt16LE(entries.length, 8);
      endRecord.writeUInt16LE(entries.length, 10);
      endRecord.writeUInt32LE(offset - start, 12);
      endRecord.writeUInt32LE(start, 16);
      put(endRecord);
      out.end();
    },
    abort() {
      deflate.destroy();
    },
  };
}
