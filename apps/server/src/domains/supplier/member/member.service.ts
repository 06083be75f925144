import { codes, type contract, type OutputOf, type ParsedInputOf, supplierRefusals as R } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import * as identity from "../../identity/identity.port";
import * as suppliers from "../supplier.repository";
import * as repo from "./member.repository";

type S = typeof contract.supplier;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;
type MemberItem = Out<"selShopSupplierMember">[number];

/** The caller's authorisation of another organisation, or a refusal. */
async function authorisedOf(db: Executor, boId: string, id: string) {
  const row = await suppliers.findOwn(db, boId, id, "authorised");
  if (!row) throw refuse(codes.NOT_FOUND, R.authorisedNotFound);
  return row;
}

/**
 * Nothing of an organisation named by an authorisation is readable (its staff) or usable (as member
 * accounts) until that organisation has accepted the request.
 */
async function refuseUnlessAccepted(db: Executor, supplier: suppliers.SupplierRow): Promise<void> {
  if (supplier.consent === "accepted") return;
  const org = await identity.findOrganization(db, supplier.supplierBoId ?? "");
  throw refuse(codes.STATE_FORBIDS, R.notAccepted, { org: org?.name ?? supplier.name });
}

/** An id named twice in `members` is refused on the second mention. */
function refuseRepeats(ids: string[], key: string): void {
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw badField(`members.${twice}.${key}`, R.listedTwice);
}

/** A supplier's member accounts with their holders' names (accounts are identity's). */
async function membersOf(db: Executor, supplierId: string): Promise<MemberItem[]> {
  const rows = await repo.membersOf(db, supplierId);
  const names = await identity.memberNames(db, [...new Set(rows.map((m) => m.memberId))]);
  return rows.flatMap((m) => {
    const holder = names.get(m.memberId);
    if (!holder) return [];
    return [
      {
        id: m.id,
        supplierId: m.supplierId,
        memberId: m.memberId,
        name: holder.name,
        loginName: holder.loginName,
        role: m.role as MemberItem["role"],
        enabled: m.enabled,
        createdAt: m.createdAt.toISOString(),
      },
    ];
  });
}

/** Staff of an authorised supplier organisation given accounts in the seller's organisation (once it accepted). */
export const supplierMemberService = {
  async addShopSupplierMemberList(input: In<"addShopSupplierMemberList">, ctx: Ctx): Promise<Out<"addShopSupplierMemberList">> {
    const { boId } = ctx.me();
    const supplier = await authorisedOf(ctx.db, boId, input.supplierId);
    await refuseUnlessAccepted(ctx.db, supplier);
    const ids = input.members.map((m) => m.memberId);
    refuseRepeats(ids, "memberId");
    const staff = new Set(await identity.enabledStaffAmong(ctx.db, supplier.supplierBoId ?? "", ids));
    const notStaff = ids.findIndex((id) => !staff.has(id));
    if (notStaff >= 0) throw badField(`members.${notStaff}.memberId`, R.notStaff);
    const existing = await repo.membersAlreadyIn(ctx.db, supplier.id, ids);
    const already = ids.findIndex((id) => existing.has(id));
    if (already >= 0) throw badField(`members.${already}.memberId`, R.alreadyMember);
    await repo.insertMembers(
      ctx.db,
      input.members.map((m) => ({ boId, supplierId: supplier.id, memberId: m.memberId, role: m.role })),
    );
    return membersOf(ctx.db, supplier.id);
  },

  async updShopSupplierMemberList(input: In<"updShopSupplierMemberList">, ctx: Ctx): Promise<Out<"updShopSupplierMemberList">> {
    const { boId } = ctx.me();
    const supplier = await authorisedOf(ctx.db, boId, input.supplierId);
    const ids = input.members.map((m) => m.id);
    refuseRepeats(ids, "id");
    const found = await repo.accountsIn(ctx.db, boId, supplier.id, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw refuse(codes.NOT_FOUND, R.memberAccountNotFound, { id: missing });
    for (const m of input.members) await repo.updateMember(ctx.db, supplier.id, m.id, { role: m.role, enabled: m.enabled });
    return membersOf(ctx.db, supplier.id);
  },

  async selShopSupplierMember(input: In<"selShopSupplierMember">, ctx: Ctx): Promise<Out<"selShopSupplierMember">> {
    const supplier = await authorisedOf(ctx.db, ctx.me().boId, input.supplierId);
    return membersOf(ctx.db, supplier.id);
  },

  /** The supplier organisation's enabled staff (at most 500, by name), marking those already added. */
  async selSupplierStaffList(input: In<"selSupplierStaffList">, ctx: Ctx): Promise<Out<"selSupplierStaffList">> {
    const supplier = await authorisedOf(ctx.db, ctx.me().boId, input.supplierId);
    await refuseUnlessAccepted(ctx.db, supplier);
    const staff = await identity.enabledStaffOf(ctx.db, supplier.supplierBoId ?? "", 500);
    const added = await repo.membersAlreadyIn(
      ctx.db,
      supplier.id,
      staff.map((s) => s.memberId),
    );
    return staff.map((s) => ({ memberId: s.memberId, name: s.name, loginName: s.loginName, added: added.has(s.memberId) }));
  },
};
