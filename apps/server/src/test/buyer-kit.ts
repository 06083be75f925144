import { codes, contract, SYSTEM_ID } from "@sbo/contract";
import { expect } from "vitest";
import { rewindSms } from "./fixtures";
import type { TestApp } from "./harness";

/** A buyer-API call: POST with the buyer cookie (`buyer_ticket`) and optional headers (Idempotency-Key). */
export async function buyerPost<T = unknown>(
  t: TestApp,
  path: string,
  body: Record<string, unknown>,
  o: { ticket?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", "sign-token": t.config.signToken, ...o.headers },
    cookies: o.ticket ? { buyer_ticket: o.ticket } : {},
    payload: JSON.stringify({ systemId: SYSTEM_ID, ...body }),
  });
  const json = res.json() as { code: string; msg: string; data: T; reason?: string };
  return { status: res.statusCode, ...json, cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
}

/** A buyer logged in by SMS code (the first login of a new phone makes the account): the buyer ticket. */
export async function buyerLogin(t: TestApp, phone: string): Promise<string> {
  const B = contract.buyer;
  await rewindSms(t, phone);
  const sent = await buyerPost(t, B.sendLoginCode.path, { phone });
  expect(sent.code).toBe(codes.OK);
  const { code } = await t.lastSms(phone);
  const res = await buyerPost<{ memberId: string }>(t, B.smsLogin.path, { phone, code });
  expect(res.code, res.msg).toBe(codes.OK);
  const ticket = res.cookies.buyer_ticket;
  if (!ticket) throw new Error("no buyer ticket");
  return ticket;
}

/** A buyer's default delivery address (Hangzhou), added through the buyer API: its id. */
export async function buyerAddress(t: TestApp, ticket: string, phone: string, name = "Li Lei"): Promise<string> {
  const a = await buyerPost<{ id: string }>(
    t,
    contract.buyer.addAddress.path,
    { name, phone, areaCode: "330106", detail: "1 West Lake Rd", isDefault: true },
    { ticket },
  );
  expect(a.code, a.msg).toBe(codes.OK);
  return a.data.id;
}
