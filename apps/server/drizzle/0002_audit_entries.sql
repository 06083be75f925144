CREATE TABLE "audit_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bo_id" text,
	"member_id" text,
	"call" text NOT NULL,
	"area" text,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_bo_at_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "entry_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "record_table" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "label" text;--> statement-breakpoint
CREATE INDEX "audit_entry_bo_at_idx" ON "audit_entry" USING btree ("bo_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entry_bo_member_at_idx" ON "audit_entry" USING btree ("bo_id","member_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entry_bo_area_at_idx" ON "audit_entry" USING btree ("bo_id","area","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entry_idx" ON "audit_log" USING btree ("entry_id","id");--> statement-breakpoint
-- Rows recorded before entries existed: one entry per request and organisation, the call's area by its path.
INSERT INTO "audit_entry" ("bo_id", "member_id", "call", "area", "request_id", "at")
SELECT "bo_id", min("member_id"), min("call"),
  CASE min("call")
    WHEN '/api/seller/basic/member/login/logout' THEN 'setup'
    WHEN '/api/seller/basic/member/login/switchIdentity' THEN 'setup'
    WHEN '/api/seller/basic/member/login/switchManufacturer' THEN 'setup'
    WHEN '/api/seller/basic/member/login/login' THEN 'setup'
    WHEN '/api/seller/basic/member/login/msgLogin' THEN 'setup'
    WHEN '/api/seller/basic/member/login/sendMessage' THEN 'setup'
    WHEN '/api/seller/basic/member/login/judgeVerification' THEN 'setup'
    WHEN '/api/seller/basic/member/login/safeCenterReSetPwd' THEN 'setup'
    WHEN '/api/seller/basic/member/login/reSetPwd' THEN 'setup'
    WHEN '/api/buyer/basic/member/login/sendPhoneSms' THEN 'setup'
    WHEN '/api/buyer/basic/member/login/smsChangePassword' THEN 'setup'
    WHEN '/api/seller/basic/system/file/upload' THEN 'setup'
    WHEN '/api/seller/trading/shop/info/updShop' THEN 'shop'
    WHEN '/api/seller/trading/shop/info/updShopStatus' THEN 'shop'
    WHEN '/api/seller/trading/shop/info/addOrUpdShopSettingByShopId' THEN 'shop'
    WHEN '/api/seller/trading/shop/info/openShop' THEN 'shop'
    WHEN '/api/seller/trading/shop/info/submitAccountOpening' THEN 'shop'
    WHEN '/api/seller/basic/member/organization/updById' THEN 'setup'
    WHEN '/api/seller/basic/member/memberInfo/addMemberRank' THEN 'setup'
    WHEN '/api/seller/basic/member/memberInfo/delMemberRank' THEN 'setup'
    WHEN '/api/seller/basic/member/memberInfo/updMemberById' THEN 'setup'
    WHEN '/api/basic/member/tags/addOrUpdMemberTag' THEN 'setup'
    WHEN '/api/basic/member/tags/delMemberTagById' THEN 'setup'
    WHEN '/api/basic/member/tags/batchTagMembers' THEN 'setup'
    WHEN '/api/seller/recharge/rechargePromotion/addOrUpdRechargePromotion' THEN 'setup'
    WHEN '/api/seller/recharge/rechargePromotion/updRechargeStatus' THEN 'setup'
    WHEN '/api/basic/system/dataTemp/add' THEN 'setup'
    WHEN '/api/basic/system/dataTemp/del' THEN 'setup'
    WHEN '/api/seller/basic/member/memberEmployee/addMemberEmployee' THEN 'setup'
    WHEN '/api/seller/basic/member/memberEmployee/updMemberEmpById' THEN 'setup'
    WHEN '/api/seller/basic/member/memberEmployee/delMemberEmpById' THEN 'setup'
    WHEN '/api/basic/member/memberEmployee/add' THEN 'setup'
    WHEN '/api/basic/member/memberEmployee/upd' THEN 'setup'
    WHEN '/api/seller/basic/system/role/addRole' THEN 'setup'
    WHEN '/api/seller/basic/system/role/updRole' THEN 'setup'
    WHEN '/api/seller/basic/system/role/delRole' THEN 'setup'
    WHEN '/api/basic/member/profess/add' THEN 'setup'
    WHEN '/api/seller/basic/base/info/addBase' THEN 'setup'
    WHEN '/api/seller/basic/base/info/updBase' THEN 'setup'
    WHEN '/api/seller/basic/base/info/updBaseEnabled' THEN 'setup'
    WHEN '/api/seller/basic/address/addAddr' THEN 'shop'
    WHEN '/api/seller/basic/address/updAddrById' THEN 'shop'
    WHEN '/api/seller/basic/address/delAddrById' THEN 'shop'
    WHEN '/api/seller/basic/address/updDefaultAddr' THEN 'shop'
    WHEN '/api/seller/trading/shop/supplier/addShopSupplier' THEN 'shop'
    WHEN '/api/seller/trading/shop/supplier/updShopSupplierById' THEN 'shop'
    WHEN '/api/seller/trading/shop/supplier/delShopSupplierById' THEN 'shop'
    WHEN '/api/seller/trading/shop/supplierMember/addShopSupplierMemberList' THEN 'shop'
    WHEN '/api/seller/trading/shop/supplierMember/updShopSupplierMemberList' THEN 'shop'
  END,
  min("request_id"), min("at")
FROM "audit_log"
GROUP BY coalesce("request_id", "id"::text), "bo_id";--> statement-breakpoint
UPDATE "audit_log" l SET "entry_id" = e."id", "record_table" = l."table_name", "record_id" = l."target_id"
FROM "audit_entry" e
WHERE e."bo_id" IS NOT DISTINCT FROM l."bo_id"
  AND (e."request_id" = l."request_id" OR (l."request_id" IS NULL AND e."request_id" IS NULL AND e."at" = l."at" AND e."call" = l."call" AND e."member_id" IS NOT DISTINCT FROM l."member_id"));
