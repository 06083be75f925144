import type { memberSheet, SheetKey } from "@sbo/contract";
import { cell, type SheetCells } from "../../platform/export/sheet-file";

/** One exported member as the list shows it (tags by name, rank by name, instants as ISO strings). */
export interface MemberExportRow {
  memberNo: string;
  name: string;
  phone: string;
  gender: string | null;
  rank: { name: string } | null;
  tags: { name: string }[];
  points: number;
  /** Cents. */
  totalSpend: number;
  orderCount: number;
  lastOrderAt: string | null;
  joinedAt: string;
  status: string;
  source: string;
}

/** How each column of the member sheet (contract `memberSheet`) reads an exported member. */
export const memberCells: SheetCells<SheetKey<typeof memberSheet>, MemberExportRow> = {
  memberNo: cell.text((r) => r.memberNo, 16),
  name: cell.text((r) => r.name, 16),
  phone: cell.text((r) => r.phone, 16),
  gender: cell.enum({ male: { en: "Male", zh: "男" }, female: { en: "Female", zh: "女" } }, (r) => r.gender, 8),
  rank: cell.text((r) => r.rank?.name ?? null, 14),
  tags: cell.text((r) => r.tags.map((t) => t.name).join(", "), 28),
  points: cell.integer((r) => r.points),
  totalSpend: cell.money((r) => r.totalSpend, 16),
  orderCount: cell.integer((r) => r.orderCount),
  lastOrderAt: cell.datetime((r) => r.lastOrderAt),
  joinedAt: cell.datetime((r) => r.joinedAt),
  status: cell.enum({ active: { en: "Active", zh: "正常" }, frozen: { en: "Frozen", zh: "已冻结" } }, (r) => r.status, 10),
  source: cell.enum(
    {
      miniapp: { en: "Mini program", zh: "小程序" },
      store: { en: "In store", zh: "门店" },
      import: { en: "Imported", zh: "导入" },
    },
    (r) => r.source,
    12,
  ),
};
