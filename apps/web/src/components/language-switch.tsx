import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage, type Lang, languages, setLanguage } from "@/platform/i18n";

export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Select<Lang>
      aria-label={t("layout.language")}
      value={currentLanguage()}
      onChange={(lang) => void setLanguage(lang)}
      options={languages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      style={{ width: 110 }}
    />
  );
}
