import { crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import JSZip from "jszip";

/*
 * Spreadsheets for the upload tests: a sheet with given rows, and the same sheet with one part swapped for a crafted
 * one (a "zip bomb": a small file that unpacks to far more), packed with Node's zlib so building it stays quick.
 */

/** An .xlsx whose first sheet has `header` and then `rows`. */
export async function xlsxOf(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet");
  ws.addRow([...header]);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip of `entries`, each deflated, with a central directory declaring their true sizes. */
export function zipOf(entries: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data, { level: 9 });
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `xlsx` with its shared strings followed by one string of `mb` MB of one letter: a file of some kilobytes that
 * unpacks to `mb` MB, the shape of the upload that held the server for 44 s.
 */
export async function withHugeSharedString(xlsx: Buffer, mb: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const entries: { name: string; data: Buffer }[] = [];
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    let data = await file.async("nodebuffer");
    if (name === "xl/sharedStrings.xml") {
      const xml = data.toString("utf8");
      const cut = xml.lastIndexOf("</sst>");
      data = Buffer.concat([
        Buffer.from(xml.slice(0, cut)),
        Buffer.from("<si><t>"),
        Buffer.alloc(mb * 1024 * 1024, "A"),
        Buffer.from("</t></si></sst>"),
      ]);
    }
    entries.push({ name, data });
  }
  if (!entries.some((e) => e.name === "xl/sharedStrings.xml")) throw new Error("the sheet has no shared strings");
  return zipOf(entries);
}
