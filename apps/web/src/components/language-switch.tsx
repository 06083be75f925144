import { useTranslation } from "react-i18next";
import { currentLanguage, type Lang, languages, setLanguage } from "@/platform/i18n";

/**
 * The public screens' language choice: a native select, not antd's Select, whose select, virtual
 * list and popup code (about 30 KB gzipped) the login screen would otherwise download for this alone.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <select
      className="language-switch"
      aria-label={t("layout.language")}
      value={currentLanguage()}
      onChange={(event) => void setLanguage(event.target.value as Lang)}
    >
      {languages.map((l) => (
        <option key={l} value={l}>
          {t(`language.${l}`)}
        </option>
      ))}
    </select>
  );
}
