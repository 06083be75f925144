import { codes } from "@sbo/contract/codes";
import type { Issue } from "@sbo/contract/common";
import { issue } from "@sbo/contract/common";
import type { Call, InputOf, OutputOf } from "@sbo/contract/define";
import { fieldIssues, issueSentence } from "@sbo/contract/field-issues";
import { Alert, Button, ConfigProvider, Form, type FormInstance, type FormProps, Space } from "antd";
import { type ReactNode, useContext, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError, call, loadedFieldWord } from "@/platform/api-client";
import { showNotice } from "@/platform/feedback";
import { currentLanguage, i18n } from "@/platform/i18n";
import { DraftNotice, type FormDraftOptions, useFormDraft } from "./form-draft";
import { UploadsRunningScope, useUploadsRunning } from "./uploads-running";

const issuesBody = z.object({ issues: z.array(issue) });

/** The field issues of a 400 answer (`data.issues`), else none. */
export function issuesOf(error: unknown): Issue[] {
  if (!(error instanceof ApiError) || error.code !== codes.BAD_INPUT) return [];
  const parsed = issuesBody.safeParse(error.data);
  return parsed.success ? parsed.data.issues : [];
}

/** "items.0.name" or "items[0].name" → ["items", 0, "name"], the antd name path. */
export function namePathOf(path: string): (string | number)[] {
  return path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Finds a field's label: the label of the form item whose control has the field's id. */
export type LabelOf = (name: (string | number)[]) => string | undefined;

/**
 * The label antd renders for a field: its control's id is `<form name>_<path joined by _>`, and the
 * item's `<label for>` points at it. Undefined when the field has no visible label.
 */
export const domLabelOf =
  (formName?: string): LabelOf =>
  (name) => {
    const id = [formName, ...name].filter((part) => part !== undefined && part !== "").join("_");
    const quoted = id.replace(/["\\]/g, "\\$&");
    const label =
      document.querySelector(`label[for="${quoted}"]`) ??
      document.getElementById(id)?.closest(".ant-form-item")?.querySelector(".ant-form-item-label label");
    return label?.textContent?.trim() || undefined;
  };

/**
 * A field the screen does not label, in seller words (contract field-words.ts: "skus.0.price" → "售价", loaded by call()
 * with the server's 400); a key with no words reads as its last named part.
 */
const fallbackLabel = (name: (string | number)[], path: string) =>
  loadedFieldWord(path, currentLanguage()) ?? String([...name].reverse().find((part) => typeof part === "string") ?? (path || "body"));

/**
 * The sentence for one issue in the user's language, naming the field by its label
 * ("名称至少需要 2 个字符", "Phone must be an 11-digit mobile number starting with 1").
 */
export function issueText(item: Issue, labelOf: LabelOf = () => undefined): string {
  const name = namePathOf(item.path);
  return issueSentence(item, labelOf(name) ?? fallbackLabel(name, item.path), currentLanguage());
}

/**
 * Puts each issue on its form field as a sentence in the user's language; returns the sentences of
 * issues that match no field (they are shown above the form instead).
 */
export function applyIssues(form: FormInstance, issues: readonly Issue[], labelOf: LabelOf = () => undefined): string[] {
  const registered = new Set(form.getFieldsError().map((f) => f.name.join(".")));
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const unmatched: string[] = [];
  for (const item of issues) {
    const name = namePathOf(item.path);
    const key = name.join(".");
    const text = issueText(item, labelOf);
    if (!registered.has(key)) {
      unmatched.push(text);
      continue;
    }
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(text);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return unmatched;
}

export interface ContractSubmitOptions<C extends Call, V> {
  /** Form values → the entry's input; drop fields the call does not take (e.g. "confirm password"). */
  toInput?: (values: V) => InputOf<C>;
  onSuccess?: (output: OutputOf<C>, input: InputOf<C>) => void | Promise<void>;
  /** After the server refused (its words already shown): e.g. reload what a conflict says has changed. */
  onRefused?: (error: ApiError) => void | Promise<void>;
  /** Check the input against the contract's schema before sending (default true). */
  validate?: boolean;
  /** Show a server failure that is not about one field in the Notice dialog (spec §8) instead of above the form. */
  notice?: boolean;
  /** How an issue's field is named (default: the label antd renders for it, found in the page). */
  labelOf?: LabelOf;
}

/**
 * Submits a form through one contract entry with `notify: false`: field issues land on their
 * fields, any other failure becomes `error` (shown above the form by ContractForm).
 */
export function useContractSubmit<C extends Call, V = InputOf<C>>(entry: C, form: FormInstance<V>, opts: ContractSubmitOptions<C, V> = {}) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: V) => {
    setError(null);
    const input = opts.toInput ? opts.toInput(values) : (values as unknown as InputOf<C>);
    if (opts.validate !== false) {
      const checked = entry.input.safeParse(input, { reportInput: true });
      if (!checked.success) {
        const rest = applyIssues(form, fieldIssues(checked.error), opts.labelOf);
        if (rest.length) setError(rest.join("\n"));
        return;
      }
    }
    setSubmitting(true);
    try {
      const output = await call(entry, input, { notify: false });
      await opts.onSuccess?.(output, input);
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
      const issues = issuesOf(cause);
      const rest = issues.length ? applyIssues(form, issues, opts.labelOf) : [cause.msg];
      if (rest.length && opts.notice) showNotice(i18n.t("api.notice"), rest.join("\n"));
      else if (rest.length) setError(rest.join("\n"));
      await opts.onRefused?.(cause);
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, error, clearError: () => setError(null) };
}

export interface ContractFormProps<C extends Call, V>
  extends ContractSubmitOptions<C, V>,
    Omit<FormProps<V>, "onFinish" | "form" | "children"> {
  entry: C;
  form?: FormInstance<V>;
  submitText: ReactNode;
  /** Buttons beside the submit button. */
  actions?: ReactNode;
  /** Shows a Cancel button that drops the form's draft, then does this (e.g. back to the list). */
  onCancel?: () => void;
  /**
   * Keep the form's draft across a reload (spec §1), per organisation, member and `draft.key`
   * (screen and record): restored once with a notice and Discard, dropped when saved or cancelled.
   * Passwords and verification codes are never kept.
   */
  draft?: FormDraftOptions;
  children: ReactNode;
}

/**
 * The form pattern: error Alert above, fields, a submit button that shows progress and cannot double-submit.
 * While a file of one of its upload fields is being sent the form does not submit: its button is disabled and says why.
 * Enter in a date or time picker's input only confirms the picker; it does not submit the form.
 * A `disabled` form is read-only: its fields are disabled and it has no submit button.
 */
export function ContractForm<C extends Call, V = InputOf<C>>({
  entry,
  form: givenForm,
  toInput,
  onSuccess,
  onRefused,
  validate,
  notice,
  labelOf,
  submitText,
  actions,
  onCancel,
  draft: draftOptions,
  children,
  ...formProps
}: ContractFormProps<C, V>) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<V>();
  const form = givenForm ?? ownForm;
  const draft = useFormDraft(form, draftOptions);
  const uploads = useUploadsRunning();
  const uploading = uploads.count > 0;
  const uploadingId = useId();
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const picker = `.${getPrefixCls("picker")}`;
  const { submit, submitting, error, clearError } = useContractSubmit(entry, form, {
    toInput,
    onSuccess: async (output, input) => {
      draft.clear();
      await onSuccess?.(output, input);
    },
    onRefused,
    validate,
    notice,
    labelOf: labelOf ?? domLabelOf(formProps.name),
  });

  return (
    <>
      <DraftNotice draft={draft} />
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="form-error"
          title={t("form.failed")}
          description={<span style={{ whiteSpace: "pre-line" }}>{error}</span>}
          closable={{ onClose: clearError }}
        />
      ) : null}
      <Form<V>
        layout="vertical"
        {...formProps}
        form={form}
        // The browser submits a form on Enter in any of its inputs; in a picker's input Enter only confirms the picker.
        onKeyDown={(e) => {
          if (e.key === "Enter" && e.target instanceof Element && e.target.closest(picker)) e.preventDefault();
          formProps.onKeyDown?.(e);
        }}
        onValuesChange={(changed, all) => {
          draft.onValuesChange();
          formProps.onValuesChange?.(changed, all);
        }}
        onFinish={(values) => {
          // Enter in a field submits even when the button is disabled: a file still being sent would be left out.
          if (!uploading) void submit(values);
        }}
      >
        <UploadsRunningScope value={uploads.start}>{children}</UploadsRunningScope>
        <Form.Item>
          <Space wrap>
            {formProps.disabled ? null : (
              <Button
                type="primary"
                htmlType="submit"
                loading={submitting}
                disabled={submitting || uploading}
                aria-describedby={uploading ? uploadingId : undefined}
              >
                {submitText}
              </Button>
            )}
            {onCancel ? (
              <Button
                onClick={() => {
                  draft.clear();
                  onCancel();
                }}
              >
                {t("common.cancel")}
              </Button>
            ) : null}
            {actions}
            {uploading && !formProps.disabled ? (
              // Plain text in the secondary colour: antd's Typography would add 8 KB to every form's first load.
              <span className="text-secondary" id={uploadingId} role="status">
                {t("upload.waitToSubmit")}
              </span>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
