import { type contract, type ParsedInputOf, type SheetKey, staffSheet } from "@sbo/contract";
import { and, type SQL } from "drizzle-orm";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import * as identity from "../identity/identity.port";
import { loadStaff } from "./staff.view";

/* The staff list's export: the sheet in the contract (staffSheet), the rows from the list's own conditions and order. */

type Loaded = Awaited<ReturnType<typeof loadStaff>>[number];
type ExportRow = Loaded & { professionName: string | null };

const yesNo = { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } };
const statusWords = { enabled: { en: "Enabled", zh: "启用" }, disabled: { en: "Disabled", zh: "停用" } };

/** How each column of the staff sheet reads an exported staff member. */
const staffCells: SheetCells<SheetKey<typeof staffSheet>, ExportRow> = {
  name: cell.text((r) => r.name, 16),
  loginName: cell.text((r) => r.loginName, 18),
  phone: cell.text((r) => r.phone, 16),
  owner: cell.enum(yesNo, (r) => (r.isOwner ? "yes" : "no"), 8),
  enabled: cell.enum(statusWords, (r) => (r.enabled ? "enabled" : "disabled"), 10),
  roles: cell.text((r) => r.roles.map((x) => x.name).join(", "), 28),
  profession: cell.text((r) => r.professionName, 16),
  bases: cell.text((r) => r.bases.map((x) => x.name).join(", "), 24),
  lastLoginAt: cell.datetime((r) => r.lastLoginAt),
  createdAt: cell.datetime((r) => r.createdAt),
};

/**
 * The staff list as a spreadsheet: exactly the list's filters (`employeeWhere`) in its order — the owner first, then
 * newest first — each batch's roles, profession and bases loaded together (`loadStaff`).
 */
export async function exportStaffList(input: ParsedInputOf<typeof contract.staff.exportStaffList>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  const boId = ctx.me().boId;
  const where = identity.employeeWhere(boId, filters);
  const lang = ctx.lang;
  async function* batches() {
    for (const owner of [true, false]) {
      const keyed = keysetBatches(
        identity.employeeKeyset,
        and(where, identity.ownerIs(owner)) as SQL,
        (w, orderBy, size) => identity.employeeBatchKeys(ctx.db, w, orderBy, size),
        (r) => ({ at: r.at, id: r.id }),
      );
      for await (const keys of keyed) {
        const rows = await loadStaff(
          ctx.db,
          boId,
          keys.map((k) => k.id),
        );
        yield rows.map((r) => ({ ...r, professionName: r.profession ? (lang === "zh" ? r.profession.name : r.profession.nameEn) : null }));
      }
    }
  }
  return sheetFile(ctx, staffSheet, staffCells, columns, batches());
}
