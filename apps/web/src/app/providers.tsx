import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App, ConfigProvider } from "antd";
import { type ReactNode, useMemo, useSyncExternalStore } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { antdLocaleOf, i18n, type Lang } from "@/platform/i18n";
import { FeedbackBridge } from "./feedback-bridge";
import { themeFor } from "./theme";

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
/** The user's "reduce motion" setting, followed live. */
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang: Lang = instance.language === "zh" ? "zh" : "en";
  const reducedMotion = useReducedMotion();
  const current = useMemo(() => themeFor({ reducedMotion }), [reducedMotion]);
  return (
    <ConfigProvider locale={antdLocaleOf(lang)} theme={current}>
      {/* Messages open below the 64 px header: over it they covered the top menu (and hovering one keeps it open). */}
      <App component={false} message={{ top: 76 }}>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
