import { PassThrough, Readable, Writable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { inZone } from "./columns";
import { readTemplateSheet } from "./sheet";
import { type CellValue, columnLetter, type SheetLayout, sheetWriter } from "./xlsx-writer";

/* The exports' own .xlsx writer (issue 24 goal 5), read back by exceljs as the export tests read every export. */

/** Writes `rows` under `layout` and answers the file's bytes. */
async function fileOf(layout: SheetLayout, rows: CellValue[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  const w = sheetWriter(sink, layout);
  for (const r of rows) {
    w.row(r);
    await w.flush();
  }
  await w.end();
  return Buffer.concat(chunks);
}

async function bookOf(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet;
}

const layout: SheetLayout = {
  name: "订单 & <co>",
  columns: [
    { header: "Name", width: 24 },
    { header: "Amount (¥)", width: 14, numFmt: "0.00" },
    { header: "Placed at", width: 20, numFmt: "yyyy-mm-dd hh:mm:ss" },
    { header: "Count", width: 10, numFmt: "0" },
    { header: "Seen", width: 12 },
  ],
};

describe("the exports' xlsx writer", () => {
  it("when text, numbers, dates and empty cells are written, then a spreadsheet reads the same values, formats, widths and a bold header", async () => {
    const placed = new Date(Date.UTC(2026, 2, 2, 0, 30, 5));
    const file = await fileOf(layout, [
      ['Tea <green> & "jasmine"', 12.34, placed, 3, null],
      ["  spaced  ", 0, null, -7, new Date(Date.UTC(2026, 0, 31))],
      ["上海青 🥬", 1e-7, undefined, 123456789012, "x"],
      ["bell\u0007tab\tline\nend", Number.NaN, new Date(Number.NaN), Number.POSITIVE_INFINITY, ""],
    ]);
    const sheet = await bookOf(file);
    expect(sheet.name).toBe("订单 & <co>");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(layout.columns.map((c) => c.header));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBe(24);
    expect(sheet.getColumn(3).width).toBe(20);

    const cell = (r: number, c: number) => sheet.getRow(r).getCell(c);
    expect(cell(2, 1).value).toBe('Tea <green> & "jasmine"');
    expect(cell(2, 2).value).toBe(12.34);
    expect(cell(2, 2).numFmt).toBe("0.00");
    expect((cell(2, 3).value as Date).toISOString()).toBe("2026-03-02T00:30:05.000Z");
    expect(cell(2, 3).numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(cell(2, 4).value).toBe(3);
    expect(cell(2, 5).value).toBeNull();
    expect(cell(3, 1).value).toBe("  spaced  ");
    expect(cell(3, 2).value).toBe(0);
    // A date in a column without a format gets the spreadsheet's default date format, as exceljs gave it.
    expect((cell(3, 5).value as Date).toISOString()).toBe("2026-01-31T00:00:00.000Z");
    expect(cell(3, 5).numFmt).toBe("mm-dd-yy");
    expect(cell(4, 1).value).toBe("上海青 🥬");
    expect(cell(4, 2).value).toBe(1e-7);
    expect(cell(4, 4).value).toBe(123456789012);
    // XML cannot hold most control characters: they are dropped; tabs and new lines stay.
    expect(cell(5, 1).value).toBe("belltab\tline\nend");
    // Not a number and not a date: the cell stays empty rather than breaking the file.
    expect(cell(5, 2).value).toBeNull();
    expect(cell(5, 3).value).toBeNull();
    expect(cell(5, 4).value).toBeNull();
    expect(sheet.rowCount).toBe(5);
  });

  it("when no row is written, then the file holds the header alone", async () => {
    const sheet = await bookOf(await fileOf(layout, []));
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(2).value).toBe("Amount (¥)");
  });

  it("when many rows are written, then a reader that streams the zip (the uploads' reader) reads every row", async () => {
    const rows = Array.from({ length: 5000 }, (_, i): CellValue[] => [`Row ${i}`, i / 100, null, i, null]);
    const file = await fileOf(layout, rows);
    const read = await readTemplateSheet(
      Readable.from([file]),
      [
        { key: "name", en: "Name", zh: "名称" },
        { key: "count", en: "Count", zh: "数量" },
      ],
      ["name", "count"],
      10_000,
    );
    if (!read.ok) throw new Error(`not read: ${read.problem}`);
    expect(read.rows).toHaveLength(5000);
    expect(read.rows[4999]).toEqual({ row: 5001, cells: { name: "Row 4999", count: 4999 } });
  });

  it("when the reader goes away mid-file, then the writer stops with an error instead of waiting for it", async () => {
    const out = new PassThrough(); // never read: the writer soon waits for it
    const w = sheetWriter(out, layout);
    const writing = (async () => {
      for (let i = 0; i < 200_000; i++) {
        w.row([`A fairly long row of text number ${i} to fill the buffers`, i, new Date(), i, "x"]);
        if (i % 100 === 0) await w.flush();
      }
      await w.end();
    })();
    setImmediate(() => out.destroy());
    await expect(writing).rejects.toThrow("export reader gone");
    w.abort();
  });

  it("names columns past Z as spreadsheets do", () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });
});

describe("wall-clock times in the shop's zone", () => {
  /** The zone's wall clock read field by field for each instant, as before the offsets were kept per hour. */
  const formats = new Map<string, Intl.DateTimeFormat>();
  const formatOf = (timeZone: string) =>
    formats.get(timeZone) ??
    formats
      .set(
        timeZone,
        new Intl.DateTimeFormat("en-US", {
          timeZone,
          hourCycle: "h23",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          second: "2-digit",
        }),
      )
      .get(timeZone);
  const exact = (at: Date, timeZone: string) => {
    const parts = Object.fromEntries((formatOf(timeZone) as Intl.DateTimeFormat).formatToParts(at).map((p) => [p.type, Number(p.value)]));
    return new Date(
      Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0),
    ).toISOString();
  };

  it("when instants fall around daylight-saving changes, then each is the zone's wall clock to the second", () => {
    // New York springs forward at 07:00 UTC on 8 March 2026 and falls back at 06:00 UTC on 1 November 2026.
    expect(inZone(new Date("2026-03-08T06:59:59.900Z"), "America/New_York").toISOString()).toBe("2026-03-08T01:59:59.000Z");
    expect(inZone(new Date("2026-03-08T07:00:00.000Z"), "America/New_York").toISOString()).toBe("2026-03-08T03:00:00.000Z");
    expect(inZone(new Date("2026-11-01T05:59:59.000Z"), "America/New_York").toISOString()).toBe("2026-11-01T01:59:59.000Z");
    expect(inZone(new Date("2026-11-01T06:00:00.000Z"), "America/New_York").toISOString()).toBe("2026-11-01T01:00:00.000Z");
    // Lord Howe moves by half an hour; Kathmandu is 5:45 ahead.
    const zones = ["Asia/Shanghai", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"];
    const from = Date.UTC(2026, 2, 1);
    for (const zone of zones)
      for (let i = 0; i < 2000; i++) {
        // Every 4 h 7 min 13.37 s over the year: minutes and seconds vary, both changes are crossed.
        const at = new Date(from + i * 14_833_370);
        expect(inZone(at, zone).toISOString(), `${zone} ${at.toISOString()}`).toBe(exact(at, zone));
      }
  });
});
