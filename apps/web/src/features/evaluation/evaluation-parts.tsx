import { EVAL_REPLY_MAX, evaluation } from "@sbo/contract/evaluation";
import { Form, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { TextArea } from "@/components/text-input";
import { useWrite } from "@/platform/use-write";
import { evaluationKeys } from "./evaluation.api";

/** A score as stars (hidden from screen readers) and its words ("4 of 5 stars"). */
export function Stars({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className="evaluation-stars" title={t("evaluation.stars", { score })}>
      <span aria-hidden="true" className="evaluation-stars-glyphs">
        {"★".repeat(score)}
        <span className="evaluation-stars-off">{"★".repeat(5 - score)}</span>
      </span>
      <span className="evaluation-visually-hidden">{t("evaluation.stars", { score })}</span>
    </span>
  );
}

/** The shop's reply to one evaluation: once, so the dialog says it cannot be changed. */
export function ReplyForm({
  target,
  onDone,
  inDialog,
}: {
  target: { id: string; orderNo: string };
  onDone?: () => void;
  inDialog?: boolean;
}) {
  const { t } = useTranslation();
  const write = useWrite(evaluationKeys.all);
  const [form] = Form.useForm<{ content: string }>();
  return (
    <ContractForm<typeof evaluation.addEvalContent, { content: string }>
      name={inDialog ? "evaluation-reply-dialog" : "evaluation-reply"}
      entry={evaluation.addEvalContent}
      form={form}
      toInput={(v) => ({ id: target.id, content: v.content })}
      submitText={t("evaluation.replyDialog.ok")}
      actions={null}
      onSuccess={async () => {
        await write.done(t("evaluation.replyDialog.done", { orderNo: target.orderNo }));
        onDone?.();
      }}
    >
      <Form.Item
        name="content"
        label={t("evaluation.replyDialog.content")}
        extra={t("evaluation.replyDialog.contentHelp")}
        rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("evaluation.replyDialog.content") }) }]}
      >
        <TextArea maxLength={EVAL_REPLY_MAX} showCount rows={4} />
      </Form.Item>
    </ContractForm>
  );
}

export function ReplyDialog({ target, onClose }: { target: { id: string; orderNo: string }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t("evaluation.replyDialog.title", { orderNo: target.orderNo })} footer={null} onCancel={onClose} destroyOnHidden>
      <ReplyForm target={target} onDone={onClose} inDialog />
    </Modal>
  );
}
