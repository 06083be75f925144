import { codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerAddress, buyerLogin, buyerPost } from "../../../test/buyer-kit";
import { outboxCount, rewindSms, TEST_PASSWORD } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { onShelfSku, orderScene } from "../../../test/order-kit";
import { member, role, roleFunction, unconfirmedPhone } from "../../identity/identity.tables";

/*
 * Issue 22 finding 8: buyer and staff logins by one phone (docs/domains/platform.md "Buyer and staff logins by one
 * phone"). A seller typing someone's phone into a staff account must neither lock its holder out of the buyer side
 * nor gain anything over it.
 */

const B = contract.buyer;
const S = contract.staff;
const L = contract.login;
let t: TestApp;
let seller: { boId: string; owner: string };
let skuId: string;
/** A role of the seller that reads the organisation's purchases. */
let clerkRole: string;

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, "13900000801");
  seller = { boId: scene.boId, owner: scene.owner };
  skuId = await onShelfSku(t, scene.owner, scene.image, "Login pears", 880, 100);
  const [r] = await t.db.insert(role).values({ boId: scene.boId, name: "Purchases clerk" }).returning();
  if (!r) throw new Error("no role");
  await t.db.insert(roleFunction).values({ roleId: r.id, funcCode: "purchase.order" });
  clerkRole = r.id;
}, 90_000);
afterAll(() => t.close());

/** A staff account the seller makes with `phone` typed in (unconfirmed): its member id. */
async function staffWithPhone(loginName: string, phone: string) {
  const res = await t.call(
    S.addMemberEmployee,
    { name: `Staff ${loginName}`, loginName, phone, password: TEST_PASSWORD, roleIds: [clerkRole] },
    { ticket: seller.owner },
  );
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.memberId;
}

describe("a phone registered as staff by a seller first", () => {
  it("when its holder logs in to the buyer side, then the code is sent and they are a buyer of their own account", async () => {
    const phone = "13900000811";
    const staffId = await staffWithPhone("login-staff-1", phone);
    const before = await outboxCount(t, phone);
    const sent = await buyerPost(t, B.sendLoginCode.path, { phone });
    expect(sent.code).toBe(codes.OK);
    expect(await outboxCount(t, phone)).toBe(before + 1);
    const { code } = await t.lastSms(phone);
    const login = await buyerPost<{ memberId: string; created: boolean }>(t, B.smsLogin.path, { phone, code });
    expect(login.code, login.msg).toBe(codes.OK);
    expect(login.data.created).toBe(true);
    // Not the staff account the seller made (whose password the seller chose).
    expect(login.data.memberId).not.toBe(staffId);
    const ticket = login.cookies.buyer_ticket as string;
    const addressId = await buyerAddress(t, ticket, phone, "Holder");
    const order = await buyerPost<{ orders: { id: string }[] }>(
      t,
      B.submitOrder.path,
      { addressId, items: [{ skuId, quantity: 1 }] },
      { ticket },
    );
    expect(order.code, order.msg).toBe(codes.OK);
    // The staff account is untouched: its phone still waits for its holder.
    const [staff] = await t.db.select().from(member).where(eq(member.id, staffId));
    expect(staff).toMatchObject({ phone, buyerPhone: null });
    expect(await t.db.select().from(unconfirmedPhone).where(eq(unconfirmedPhone.memberId, staffId))).toHaveLength(1);
    // The next buyer login opens the same buyer account.
    expect(await buyerLoginMember(phone)).toBe(login.data.memberId);
  });

  it("when the staff member confirms the phone, then the staff login by that phone opens the staff account and the buyer login still the buyer's", async () => {
    const phone = "13900000812";
    const staffId = await staffWithPhone("login-staff-2", phone);
    const buyerId = await buyerLoginMember(phone);
    // The staff account's holder (who has the phone) logs in with the password and confirms the phone.
    await confirmPhone(await t.login("login-staff-2", TEST_PASSWORD), phone);
    // Seller side by SMS: the staff account, in the seller's organisation.
    await rewindSms(t, phone);
    expect((await t.post(L.sendMessage.path, { phone, purpose: "login" })).code).toBe(codes.OK);
    const seller2 = await t.call(L.msgLogin, { phone, code: (await t.lastSms(phone)).code });
    expect(seller2.code, seller2.msg).toBe(codes.OK);
    expect(seller2.data).toMatchObject({ memberId: staffId, boId: seller.boId });
    // Buyer side by SMS: still the buyer's own account.
    expect(await buyerLoginMember(phone)).toBe(buyerId);
  });

  it("when either side's session is used on the other side, then it reaches nothing there", async () => {
    const phone = "13900000813";
    await staffWithPhone("login-staff-3", phone);
    const buyer = await buyerLogin(t, phone);
    const addressId = await buyerAddress(t, buyer, phone, "Private");
    const placed = await buyerPost<{ orders: { id: string }[] }>(
      t,
      B.submitOrder.path,
      { addressId, items: [{ skuId, quantity: 1 }] },
      { ticket: buyer },
    );
    const id = placed.data.orders[0]?.id as string;
    const staff = await t.login("login-staff-3", TEST_PASSWORD);
    // The staff session on the buyer API: not logged in there (it sends no buyer ticket; its seller ticket is not one).
    expect((await buyerPost(t, B.selOrderList.path, { pageNum: 1, pageSize: 10 }, { ticket: staff })).code).not.toBe(codes.OK);
    // Neither the staff account nor the seller who made it sees the holder's order as a purchase of theirs.
    for (const ticket of [staff, seller.owner])
      expect((await t.call(contract.orderDesk.selBuyerOrderDetailById, { id }, { ticket })).code).toBe(codes.NOT_FOUND);
    // The buyer ticket on the seller side: not logged in.
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: buyer })).code).not.toBe(codes.OK);
  });
});

describe("a staff member who buys as themselves", () => {
  it("when the seller changes their phone to one the seller holds, then that phone does not open their buyer side", async () => {
    const phone = "13900000821";
    const staffId = await staffWithPhone("login-staff-4", phone);
    const staff = await t.login("login-staff-4", TEST_PASSWORD);
    await confirmPhone(staff, phone);
    // Their proved phone opens their own account on the buyer side too (one person, one account).
    expect(await buyerLoginMember(phone)).toBe(staffId);
    // The seller types its own phone into the account and, knowing the account's password, confirms it.
    const sellers = "13900000822";
    const emp = (await t.call(S.selById, { memberId: staffId }, { ticket: seller.owner })).data;
    const changed = await t.call(
      S.updMemberEmpById,
      { employeeId: emp.employeeId, name: emp.name, phone: sellers, roleIds: [clerkRole] },
      { ticket: seller.owner },
    );
    expect(changed.code, changed.msg).toBe(codes.OK);
    await confirmPhone(await t.login("login-staff-4", TEST_PASSWORD), sellers);
    // The seller's phone opens a buyer account of its own, not the staff member's purchases and addresses.
    expect(await buyerLoginMember(sellers)).not.toBe(staffId);
    expect(await buyerLoginMember(phone)).toBe(staffId);
  });
});

async function confirmPhone(ticket: string, phone: string) {
  await rewindSms(t, phone);
  expect((await t.call(S.sendPhoneConfirmCode, {}, { ticket })).code).toBe(codes.OK);
  expect((await t.call(S.confirmPhone, { code: (await t.lastSms(phone)).code }, { ticket })).code).toBe(codes.OK);
}

/** Logs `phone` in to the buyer API by SMS: the member id it opens. */
async function buyerLoginMember(phone: string): Promise<string> {
  await rewindSms(t, phone);
  expect((await buyerPost(t, B.sendLoginCode.path, { phone })).code).toBe(codes.OK);
  const res = await buyerPost<{ memberId: string }>(t, B.smsLogin.path, { phone, code: (await t.lastSms(phone)).code });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.memberId;
}
