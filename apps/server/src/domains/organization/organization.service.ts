import { type contract, type OutputOf, organizationRefusals, type ParsedInputOf } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { notFound } from "../../platform/http/errors";
import * as identity from "../identity/identity.port";
import { areaRef, checkArea, checkFiles, fileRefs } from "../reference/reference.service";
import * as repo from "./organization.repository";
import type { orgEnterprise } from "./organization.tables";

type O = typeof contract.organization;
type In<K extends keyof O> = ParsedInputOf<O[K]>;
type Out<K extends keyof O> = OutputOf<O[K]>;
type Enterprise = typeof orgEnterprise.$inferSelect;

/** Shows the first 3 and last 4 characters: 110***********123X. */
export const maskIdNo = (idNo: string) => (idNo.length > 7 ? `${idNo.slice(0, 3)}${"*".repeat(idNo.length - 7)}${idNo.slice(-4)}` : idNo);

/**
 * Verified once the identity passes the automatic checks: credit code and ID number well formed with
 * matching check characters (the schema's rules) and the legal person named. The licence and ID images
 * are kept as supporting documents (required when opening the shop).
 */
const isComplete = (e: Pick<Enterprise, "creditCode" | "legalPersonName" | "legalPersonIdNo">) =>
  Boolean(e.creditCode && e.legalPersonName && e.legalPersonIdNo);

/** Enterprise fields written by the open-shop flow's second step. */
export interface AccountOpening {
  legalPersonName: string;
  legalPersonIdNo: string;
  creditCode: string;
  licenceFileId: string;
  idFrontFileId: string;
  idBackFileId: string;
}

/** Stores the account-opening information and marks the enterprise verified (every check is automatic). */
export async function recordAccountOpening(db: Executor, boId: string, a: AccountOpening) {
  await checkFiles(db, boId, { licenceFileId: a.licenceFileId, idFrontFileId: a.idFrontFileId, idBackFileId: a.idBackFileId });
  await repo.upsertEnterprise(db, boId, { ...a, verificationStatus: "verified", verifiedAt: new Date() });
}

/** The organisation summary the shop manage screen shows. */
export async function organizationSummary(db: Executor, boId: string) {
  const org = await identity.findOrganization(db, boId);
  if (!org) throw notFound(organizationRefusals.organizationNotFound);
  const e = await repo.findEnterprise(db, boId);
  return {
    boId,
    name: org.name,
    shortName: e?.shortName ?? "",
    creditCode: e?.creditCode ?? "",
    verificationStatus: e?.verificationStatus === "verified" ? ("verified" as const) : ("unverified" as const),
  };
}

/**
 * The enterprise as answered. The legal person's ID number leaves the server only masked (first 3, last 4),
 * to everyone, the owner included: it is seen in full only while it is typed in.
 */
async function enterpriseOut(db: Executor, boId: string): Promise<Out<"selById">> {
  const org = await identity.findOrganization(db, boId);
  if (!org) throw notFound(organizationRefusals.organizationNotFound);
  const e = await repo.findEnterprise(db, boId);
  const files = await fileRefs(db, boId, [e?.licenceFileId ?? null, e?.idFrontFileId ?? null, e?.idBackFileId ?? null]);
  const file = (fid: string | null | undefined) => (fid ? (files.get(fid) ?? null) : null);
  const idNo = e?.legalPersonIdNo ?? "";
  return {
    boId,
    name: org.name,
    shortName: e?.shortName ?? "",
    creditCode: e?.creditCode ?? "",
    legalPersonName: e?.legalPersonName ?? "",
    legalPersonIdNo: maskIdNo(idNo),
    licence: file(e?.licenceFileId),
    idFront: file(e?.idFrontFileId),
    idBack: file(e?.idBackFileId),
    area: await areaRef(db, e?.areaCode ?? null),
    address: e?.address ?? "",
    industry: e?.industry ?? "",
    contactName: e?.contactName ?? "",
    contactPhone: e?.contactPhone ?? "",
    contactEmail: e?.contactEmail ?? "",
    intro: e?.intro ?? "",
    verificationStatus: e?.verificationStatus === "verified" ? "verified" : "unverified",
    verifiedAt: e?.verifiedAt?.toISOString() ?? null,
    updatedAt: e?.updatedAt.toISOString() ?? null,
  };
}

export const organizationService = {
  async selById(input: In<"selById">, ctx: Ctx): Promise<Out<"selById">> {
    const me = ctx.me();
    if (input.boId && input.boId !== me.boId) throw notFound(organizationRefusals.organizationNotFound);
    return enterpriseOut(ctx.db, me.boId);
  },

  async updById(input: In<"updById">, ctx: Ctx): Promise<Out<"updById">> {
    const me = ctx.me();
    const { name, legalPersonIdNo, ...fields } = input;
    await checkFiles(ctx.db, me.boId, {
      licenceFileId: input.licenceFileId,
      idFrontFileId: input.idFrontFileId,
      idBackFileId: input.idBackFileId,
    });
    await checkArea(ctx.db, input.areaCode, "areaCode");
    const before = await repo.findEnterprise(ctx.db, me.boId);
    const next = { ...fields, legalPersonIdNo: legalPersonIdNo ?? before?.legalPersonIdNo ?? "" };
    const verified = isComplete(next);
    await identity.renameOrganization(ctx.db, me.boId, name);
    await repo.upsertEnterprise(ctx.db, me.boId, {
      ...next,
      verificationStatus: verified ? "verified" : "unverified",
      verifiedAt: verified ? (before?.verificationStatus === "verified" ? before.verifiedAt : new Date()) : null,
    });
    return enterpriseOut(ctx.db, me.boId);
  },
};
