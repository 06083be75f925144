import * as reference from "@sbo/contract/reference";
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage, type Lang } from "@/platform/i18n";

type Bank = { code: string; name: string; nameEn: string };

/** The banks a settlement card may be with (the platform's `bank` dictionary), cached for half an hour. */
export const useBanks = () =>
  useQuery({
    queryKey: ["reference", "dict", "bank"],
    queryFn: ({ signal }) => call(reference.reference.selSpecItemListByDictId, { dictId: "bank" }, { notify: false, signal }),
    staleTime: 30 * 60_000,
  });

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A card's stored bank name in `lang`: the card keeps the Chinese name of a bank of the list (either language's name
 * is recognised, for cards signed before); a name the list does not know is shown as it was typed.
 */
export function bankNameIn(banks: readonly Bank[] | undefined, stored: string, lang: Lang): string {
  const bank = banks?.find((b) => same(b.name, stored) || same(b.nameEn, stored));
  return bank ? (lang === "zh" ? bank.name : bank.nameEn) : stored;
}

/** A function naming a stored bank name in the UI language (issue 25 §5: bank names in the UI language). */
export function useBankName(): (stored: string) => string {
  const banks = useBanks();
  const lang = currentLanguage();
  return (stored) => bankNameIn(banks.data, stored, lang);
}

export interface BankSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  "aria-invalid"?: boolean;
}

/**
 * Picks the card's bank from the list, named in the UI language and found by typing either language's name
 * ("招商" or "merchants"); the value is the bank's Chinese name, as the card stores it. Bind it to a Form.Item.
 */
export function BankSelect({ value, onChange, id, ...rest }: BankSelectProps) {
  const { t } = useTranslation();
  const banks = useBanks();
  const lang = currentLanguage();
  const known = banks.data?.find((b) => value !== undefined && (same(b.name, value) || same(b.nameEn, value)));
  return (
    <Select<string>
      id={id}
      aria-invalid={rest["aria-invalid"]}
      showSearch={{
        filterOption: (input, option) =>
          `${option?.name ?? ""} ${option?.nameEn ?? ""} ${option?.code ?? ""}`.toLowerCase().includes(input.trim().toLowerCase()),
      }}
      value={known ? known.name : value}
      onChange={(v) => onChange?.(v)}
      loading={banks.isPending}
      status={banks.isError ? "error" : undefined}
      placeholder={banks.isError ? t("finance.bankList.failed") : t("finance.bankList.placeholder")}
      options={(banks.data ?? []).map((b) => ({
        value: b.name,
        label: lang === "zh" ? b.name : b.nameEn,
        name: b.name,
        nameEn: b.nameEn,
        code: b.code,
      }))}
      style={{ width: "100%" }}
    />
  );
}
