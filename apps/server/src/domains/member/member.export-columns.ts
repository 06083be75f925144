import type { contract, ParsedInputOf } from "@sbo/contract";
import { col, type ExportColumn } from "../../platform/export/columns";

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

export type MemberExportColumn = NonNullable<ParsedInputOf<typeof contract.member.exportMemberList>["columns"]>[number];

/** The member export's columns, in the user's language (headers and values) and the shop's time zone. */
export const memberExportColumns: Record<MemberExportColumn, ExportColumn<MemberExportRow>> = {
  memberNo: col.text({ en: "Member no.", zh: "会员编号" }, (r) => r.memberNo, 16),
  name: col.text({ en: "Name", zh: "姓名" }, (r) => r.name, 16),
  phone: col.text({ en: "Phone", zh: "手机号" }, (r) => r.phone, 16),
  gender: col.enum(
    { en: "Gender", zh: "性别" },
    { male: { en: "Male", zh: "男" }, female: { en: "Female", zh: "女" } },
    (r) => r.gender,
    8,
  ),
  rank: col.text({ en: "Rank", zh: "会员等级" }, (r) => r.rank?.name ?? null, 14),
  tags: col.text({ en: "Tags", zh: "标签" }, (r) => r.tags.map((t) => t.name).join(", "), 28),
  points: col.integer({ en: "Points", zh: "积分" }, (r) => r.points),
  totalSpend: col.money({ en: "Total spend (¥)", zh: "消费金额（元）" }, (r) => r.totalSpend, 16),
  orderCount: col.integer({ en: "Orders", zh: "订单数" }, (r) => r.orderCount),
  lastOrderAt: col.datetime({ en: "Last order", zh: "最近下单时间" }, (r) => r.lastOrderAt),
  joinedAt: col.datetime({ en: "Joined", zh: "加入时间" }, (r) => r.joinedAt),
  status: col.enum(
    { en: "Status", zh: "状态" },
    { active: { en: "Active", zh: "正常" }, frozen: { en: "Frozen", zh: "已冻结" } },
    (r) => r.status,
    10,
  ),
  source: col.enum(
    { en: "Source", zh: "来源" },
    {
      miniapp: { en: "Mini program", zh: "小程序" },
      store: { en: "In store", zh: "门店" },
      import: { en: "Imported", zh: "导入" },
    },
    (r) => r.source,
    12,
  ),
};

/** The sheet and file name of the member export. */
export const memberExportNames = {
  sheet: { en: "Members", zh: "会员" },
  file: { en: "members", zh: "会员" },
} as const;
