import * as contract from "@sbo/contract/session";
import { useQuery } from "@tanstack/react-query";
import { Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Live strength hint for a new password, judged by the server's rules (`judgeWeakPwd`). */
export function PasswordStrength({ password, loginName }: { password: string | undefined; loginName?: string }) {
  const { t } = useTranslation();
  const value = useDebounced(password ?? "", 400);
  const judged = useQuery({
    queryKey: ["login", "weakPassword", value, loginName ?? ""],
    queryFn: ({ signal }) =>
      call(contract.login.judgeWeakPwd, { password: value, ...(loginName ? { loginName } : {}) }, { notify: false, signal }),
    enabled: value.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

  let text = t("password.hint");
  let type: "secondary" | "success" | "danger" = "secondary";
  if (value && judged.data) {
    if (judged.data.weak) {
      const reasons = judged.data.reasons.map((r) => t(`password.reasons.${r}`)).join("; ");
      text = reasons ? `${t("password.weak")}: ${reasons}` : t("password.weak");
      type = "danger";
    } else {
      text = t("password.strong");
      type = "success";
    }
  }
  return (
    <Typography.Text type={type} aria-live="polite">
      {text}
    </Typography.Text>
  );
}
