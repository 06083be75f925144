import { basicShop } from "@sbo/contract/basic";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { queryKeys } from "@/platform/query-keys";

const scopeKeys = queryKeys("businessScope");

/**
 * The goods form's warning when the chosen category lies outside the shop's business scope (its main category and
 * the categories related to it, `isInBusiScopeCode`): the seller may still save, and reads what the scope is.
 */
export function BusinessScopeNote({ categoryId }: { categoryId: string | null }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const scope = useQuery({
    queryKey: scopeKeys.detail(categoryId ?? ""),
    queryFn: ({ signal }) => call(basicShop.isInBusiScopeCode, { categoryId: categoryId ?? "" }, { notify: false, signal }),
    enabled: categoryId !== null,
    staleTime: 5 * 60_000,
  });
  const s = scope.data;
  if (!categoryId || !s || s.inScope) return null;
  const name = (c: { name: string; nameEn: string }) => (zh ? c.name : c.nameEn);
  const roots = [...(s.mainCategory ? [s.mainCategory] : []), ...s.related].map(name).join(zh ? "、" : ", ");
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className="goods-scope-note"
      title={t("goods.form.outOfScope")}
      description={roots ? t("goods.form.outOfScopeHelp", { scope: roots }) : t("goods.form.noScope")}
      style={{ marginBottom: 16 }}
    />
  );
}
