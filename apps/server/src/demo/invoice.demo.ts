import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { inArray, sql } from "drizzle-orm";
import { member } from "../domains/identity/identity.tables";
import { invoiceTitle } from "../domains/invoice/invoice.tables";
import { storedFile } from "../domains/system/system.tables";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";
import type { FileStore } from "../platform/files/file-store";

interface Seller {
  boId: string;
  memberId: string;
}

/** Invoice requests per demo seller (issue 12: 50, in every state). */
export const DEMO_INVOICES_PER_SELLER = 50;
/** The newest this many are still requested; of the rest every fourth is refused, the others issued. */
const REQUESTED = 15;

/** A one-page PDF saying what it is: the file of every issued demo invoice. */
export function demoInvoicePdf(): Buffer {
  const stream = "BT /F1 18 Tf 72 720 Td (Demo invoice - Seller Back Office) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const pdfSha = () => createHash("sha256").update(demoInvoicePdf()).digest("hex");

/** The demo invoice file's bytes in the file store (content-addressed: written once, kept after). */
export async function ensureDemoInvoiceFile(files: FileStore): Promise<void> {
  const bytes = demoInvoicePdf();
  if (!(await files.exists(pdfSha()))) await files.put(Readable.from([bytes]), () => true);
}

/** The demo buyers' phones (orders.demo.ts) and the titles each keeps: a personal one and a company one. */
const BUYER_COMPANIES: Record<string, [string, string]> = {
  "13500990101": ["杭州文三数码科技有限公司", "91330106MA2H4K7L39"],
  "13500990102": ["上海南京路贸易有限公司", "91310101MA1FP0Q714"],
  "13500990103": ["南京中山餐饮管理有限公司", "91320102MA1MXY6E2H"],
  "13500990104": ["杭州天目山酒店管理有限公司", "91330106MA27WB8N4A"],
  "13500990105": ["上海淮海路食品有限公司", "91310101MA1FPX2P6Q"],
  "13500990106": ["杭州教工路文化传媒有限公司", "91330106MA2KD1R15T"],
};

/**
 * Titles for the demo buyers (one personal, one company each; some companies special VAT) and for each demo
 * organisation's own purchases, then 50 invoice requests per demo seller over its newest paid orders, in every state,
 * in one statement a seller.
 */
export async function seedInvoiceDemo(db: Executor, sellers: Seller[]): Promise<void> {
  const buyers = await db
    .select({ id: member.id, phone: member.phone, name: member.name })
    .from(member)
    .where(inArray(member.phone, Object.keys(BUYER_COMPANIES)));
  const rows: (typeof invoiceTitle.$inferInsert)[] = [];
  buyers.forEach((b, i) => {
    const [company, taxNo] = BUYER_COMPANIES[b.phone ?? ""] ?? ["", ""];
    rows.push({ id: newId(), memberId: b.id, kind: "personal", name: b.name || "个人", email: `buyer${i + 1}@example.com` });
    const special = i % 2 === 0;
    rows.push({
      id: newId(),
      memberId: b.id,
      kind: "company",
      name: company,
      taxNo,
      invoiceType: special ? "special" : "ordinary",
      bankName: special ? "中国工商银行杭州分行" : "",
      bankAccount: special ? `120200${String(1000000000 + i * 7919)}` : "",
      registeredAddress: special ? "杭州市西湖区文三路 90 号" : "",
      registeredPhone: special ? "0571-88000000" : "",
      email: `finance${i + 1}@example.com`,
    });
  });
  const orgTaxNos = ["91330106MA28LQ9C7H", "91350200MA31T6U48R"];
  sellers.forEach((s, i) => {
    rows.push({
      id: newId(),
      boId: s.boId,
      kind: "company",
      name: i === 0 ? "Green Valley Fresh Co., Ltd." : "Harbor Seafood Trading Co., Ltd.",
      taxNo: orgTaxNos[i % orgTaxNos.length] ?? "",
      invoiceType: "special",
      bankName: "中国建设银行",
      bankAccount: `62270000${String(10000000 + i)}`,
      registeredAddress: i === 0 ? "杭州市西湖区文三路 100 号" : "厦门市思明区环岛路 8 号",
      registeredPhone: i === 0 ? "0571-88001234" : "0592-2200123",
      email: i === 0 ? "finance@greenvalley.example.com" : "finance@harbor.example.com",
    });
  });
  if (rows.length) await db.insert(invoiceTitle).values(rows);

  const bytes = demoInvoicePdf();
  for (const s of sellers) {
    const [file] = await db
      .insert(storedFile)
      .values({
        boId: s.boId,
        memberId: s.memberId,
        name: "invoice.pdf",
        contentType: "application/pdf",
        size: bytes.length,
        sha256: pdfSha(),
        purpose: "invoice",
      })
      .returning({ id: storedFile.id });
    if (!file) throw new Error("insert returned nothing");
    // The seller's newest paid orders whose buyer keeps titles, numbered newest first: the newest still requested.
    await db.execute(sql`
      with picked as (
        select o.*, row_number() over (order by o.created_at desc, o.id desc) as n
        from order_info o
        where o.bo_id = ${s.boId} and o.seller_deleted_at is null
          and o.status in ('paid', 'partlyShipped', 'shipped', 'received', 'completed')
          and exists (select 1 from invoice_title t where t.member_id = o.buyer_member_id)
          and exists (select 1 from shop_setting s where s.shop_id = o.shop_id and s.invoice <> 'none')
        order by o.created_at desc, o.id desc
        limit ${DEMO_INVOICES_PER_SELLER}
      ), timed as (
        select p.*, least(coalesce(p.paid_at, p.created_at) + interval '3 hours', now() - interval '2 hours') as asked,
               case when p.n <= ${REQUESTED} then 'requested' when p.n % 4 = 0 then 'refused' else 'issued' end as st
        from picked p
      )
      insert into invoice_request (id, bo_id, shop_id, order_id, order_no, buyer_member_id, requested_by, title_id, title,
        invoice_type, amount, state, invoice_no, issued_at, file_id, refuse_reason, decided_at, decided_by, created_at, updated_at)
      select left(p.id, 10) || upper(substr(md5('invoice' || p.id), 1, 16)), p.bo_id, p.shop_id, p.id, p.order_no,
        p.buyer_member_id, 'buyer', t.id,
        jsonb_build_object('kind', t.kind, 'name', t.name, 'taxNo', t.tax_no, 'invoiceType', t.invoice_type,
          'bankName', t.bank_name, 'bankAccount', t.bank_account, 'registeredAddress', t.registered_address,
          'registeredPhone', t.registered_phone, 'email', t.email),
        t.invoice_type, p.pay_amount, p.st,
        case when p.st = 'issued' then '2026' || lpad(p.n::text, 8, '0') end,
        case when p.st = 'issued' then least(p.asked + interval '1 day', now() - interval '1 hour') end,
        case when p.st = 'issued' then ${file.id} end,
        case when p.st = 'refused' then (array['抬头与付款方不一致，请核对后重新申请', '纳税人识别号有误，请修改后重新申请', '该订单已开具发票'])[1 + p.n % 3] end,
        case when p.st <> 'requested' then least(p.asked + interval '1 day', now() - interval '1 hour') end,
        case when p.st <> 'requested' then ${s.memberId} end,
        p.asked, p.asked
      from timed p
      cross join lateral (
        select * from invoice_title t where t.member_id = p.buyer_member_id
          and (t.invoice_type = 'ordinary' or (select s.invoice from shop_setting s where s.shop_id = p.shop_id) = 'vat')
        order by (t.kind = case when p.n % 2 = 0 then 'company' else 'personal' end) desc, t.id limit 1
      ) t`);
  }
}
