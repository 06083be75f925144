import { App } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { setFeedback } from "@/platform/feedback";

/** Routes the platform's dialogs and loading indicator through antd's App context (theme, locale). */
export function FeedbackBridge() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    setFeedback({
      notice: (title, content) => {
        modal.warning({ title, content, okText: t("common.ok") });
      },
      loading: (text) => message.loading(text, 0),
    });
    return () => setFeedback(null);
  }, [modal, message, t]);
  return null;
}
