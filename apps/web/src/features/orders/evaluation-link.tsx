import { evaluation } from "@sbo/contract/evaluation";
import { useQuery } from "@tanstack/react-query";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";

/**
 * "View evaluation" on a received or completed order that has one (the evaluation feature's screen). A lazy chunk of
 * the order detail: the evaluation contract loads only with it, not with every order detail.
 */
export default function EvaluationLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const evaluated = useQuery({
    queryKey: ["evaluation", "detail", orderId],
    queryFn: ({ signal }) => call(evaluation.selEvalByOrderId, { id: orderId }, { notify: false, signal }),
  });
  if (!evaluated.data) return null;
  return <Button onClick={() => navigate(paths.evaluationDetail(orderId))}>{t("orders.detail.viewEvaluation")}</Button>;
}
