-- Issue 22, finding 4: exporting a list is its own function. Before, seeing the goods list, the members, a card pool
-- or the statements was enough to export them; a role that could do that keeps it (docs/domains/staff.md), and from
-- now on the owner grants exporting separately. Orders already had their own export function, which is now enforced:
-- roles that see orders without it lose the export, as their owner chose.
INSERT INTO "role_function" ("role_id", "func_code")
SELECT "role_id", v.export_code
FROM "role_function"
JOIN (VALUES
  ('goods.manage', 'goods.manage.export'),
  ('setup.rank', 'setup.rank.export'),
  ('marketing.cardPool', 'marketing.cardPool.export'),
  ('finance.statement', 'finance.statement.export')
) AS v(screen_code, export_code) ON v.screen_code = "role_function"."func_code"
ON CONFLICT DO NOTHING;
