import { eq, inArray } from "drizzle-orm";
import { employee, employeeRole, member, role, roleFunction } from "../domains/identity/identity.tables";
import { base, employeeBase, staffProfile } from "../domains/staff/staff.tables";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";

interface Seller {
  boId: string;
  shopId: string | null;
  memberId: string;
}

type BaseKind = "farm" | "site" | "warehouse";
interface DemoStaff {
  loginName: string;
  name: string;
  phone: string;
  roles: string[];
  profession: string;
  bases: string[];
  enabled?: boolean;
}
interface DemoOrg {
  roles: Array<{ name: string; description: string; functions: string[] }>;
  bases: Array<{ name: string; kind: BaseKind; areaCode: string; address: string }>;
  staff: DemoStaff[];
  /** Existing staff (by login name) to give a profession and bases. */
  profiles: Array<Omit<DemoStaff, "name" | "phone" | "roles">>;
}

/** The standard professions seeded as reference data (reference-data.ts). */
const PROF = { farmManager: "PROF01", vet: "PROF02", buyer: "PROF03", keeper: "PROF04", sales: "PROF05", inspector: "PROF06" };

const demo: Record<"green" | "harbor", DemoOrg> = {
  // Green Valley already has the role "Order clerk" with demo-clerk, and demo2 as staff (demo-data.ts).
  green: {
    roles: [
      {
        name: "Store manager",
        description: "Runs the shop, its suppliers and goods, and sees the staff list",
        functions: [
          "shop.manage",
          "shop.setting",
          "shop.supplier",
          "shop.supplier.edit",
          "goods.manage",
          "goods.manage.edit",
          "goods.manage.export",
          "setup.staff",
        ],
      },
    ],
    bases: [
      { name: "Green Valley Farm No. 1", kind: "farm", areaCode: "330106", address: "88 Longwu Road, Xihu District" },
      { name: "Sunny Orchard", kind: "farm", areaCode: "350121", address: "12 Orchard Lane, Minhou County" },
      { name: "Hangzhou Cold Store", kind: "warehouse", areaCode: "330110", address: "5 Logistics Park Road, Yuhang District" },
    ],
    staff: [
      {
        loginName: "demo-manager",
        name: "Sun Li",
        phone: "13900001001",
        roles: ["Store manager"],
        profession: PROF.farmManager,
        bases: ["Green Valley Farm No. 1", "Sunny Orchard"],
      },
    ],
    profiles: [{ loginName: "demo-clerk", profession: PROF.keeper, bases: ["Hangzhou Cold Store"] }],
  },
  harbor: {
    roles: [
      {
        name: "Order clerk",
        description: "Sees orders, ships and cancels them",
        // Ships parcels: the courier's label needs the recipient's phone (Green Valley's clerk sees phones masked).
        functions: ["order.manage", "order.manage.ship", "order.manage.cancel", "order.manage.phone"],
      },
      {
        name: "Buyer",
        description: "Manages suppliers and goods",
        functions: ["shop.supplier", "shop.supplier.edit", "goods.manage", "goods.manage.edit", "goods.manage.export"],
      },
    ],
    bases: [
      { name: "Zhoushan Fishery Base", kind: "site", areaCode: "330902", address: "3 Harbour Road, Dinghai District, Zhoushan" },
      { name: "Qingdao Cold Warehouse", kind: "warehouse", areaCode: "370211", address: "21 Port Avenue, Huangdao District" },
    ],
    staff: [
      { loginName: "harbor-clerk", name: "Wu Lan", phone: "13900002001", roles: ["Order clerk"], profession: PROF.sales, bases: [] },
      {
        loginName: "harbor-buyer",
        name: "Xu Tao",
        phone: "13900002002",
        roles: ["Buyer"],
        profession: PROF.buyer,
        bases: ["Zhoushan Fishery Base", "Qingdao Cold Warehouse"],
      },
      {
        loginName: "harbor-inspector",
        name: "He Yun",
        phone: "13900002003",
        roles: ["Buyer"],
        profession: PROF.inspector,
        bases: ["Qingdao Cold Warehouse"],
        enabled: false,
      },
    ],
    profiles: [],
  },
};

/** Roles, staff (with professions and bases) and bases of both demo sellers: 2 roles and 3 staff each. */
export async function seedStaffDemo(db: Executor, sellers: { green: Seller; harbor: Seller }): Promise<void> {
  // Every demo account has the demo password: reuse the clerk's hash rather than hashing again.
  const [clerk] = await db.select({ passwordHash: member.passwordHash }).from(member).where(eq(member.loginName, "demo-clerk")).limit(1);
  if (!clerk) throw new Error("the demo clerk is missing");
  const profiled = [...demo.green.profiles, ...demo.harbor.profiles].map((p) => p.loginName);
  const existing = await db
    .select({ e: employee, loginName: member.loginName })
    .from(employee)
    .innerJoin(member, eq(member.id, employee.memberId))
    .where(inArray(member.loginName, profiled));

  const roles: Array<typeof role.$inferInsert & { id: string }> = [];
  const roleFunctions: Array<typeof roleFunction.$inferInsert> = [];
  const bases: Array<typeof base.$inferInsert & { id: string }> = [];
  const members: Array<typeof member.$inferInsert & { id: string }> = [];
  const employees: Array<typeof employee.$inferInsert & { id: string }> = [];
  const employeeRoles: Array<typeof employeeRole.$inferInsert> = [];
  const profiles: Array<typeof staffProfile.$inferInsert> = [];
  const employeeBases: Array<typeof employeeBase.$inferInsert> = [];

  for (const key of ["green", "harbor"] as const) {
    const { boId } = sellers[key];
    const org = demo[key];
    const roleId = new Map<string, string>();
    for (const r of org.roles) {
      const id = newId();
      roleId.set(r.name, id);
      roles.push({ id, boId, name: r.name, description: r.description });
      roleFunctions.push(...r.functions.map((funcCode) => ({ roleId: id, funcCode })));
    }
    const baseId = new Map<string, string>();
    for (const b of org.bases) {
      const id = newId();
      baseId.set(b.name, id);
      bases.push({ id, boId, ...b });
    }
    const assign = (employeeId: string, s: { profession: string; bases: string[] }) => {
      profiles.push({ employeeId, boId, professionId: s.profession });
      employeeBases.push(...s.bases.map((b) => ({ employeeId, boId, baseId: baseId.get(b) as string })));
    };
    for (const s of org.staff) {
      const memberId = newId();
      const employeeId = newId();
      members.push({ id: memberId, loginName: s.loginName, name: s.name, phone: s.phone, passwordHash: clerk.passwordHash });
      employees.push({ id: employeeId, boId, memberId, enabled: s.enabled ?? true });
      employeeRoles.push(...s.roles.map((r) => ({ employeeId, roleId: roleId.get(r) as string })));
      assign(employeeId, s);
    }
    for (const p of org.profiles) {
      const emp = existing.find((x) => x.e.boId === boId && x.loginName === p.loginName);
      if (emp) assign(emp.e.id, p);
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(role).values(roles);
    await tx.insert(roleFunction).values(roleFunctions);
    await tx.insert(base).values(bases);
    await tx.insert(member).values(members);
    await tx.insert(employee).values(employees);
    await tx.insert(employeeRole).values(employeeRoles);
    await tx.insert(staffProfile).values(profiles);
    await tx.insert(employeeBase).values(employeeBases);
  });
}
