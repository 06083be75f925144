import { Alert, Button, type FormInstance } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { draftStorageKey, draftValues, removeDraft, takeDraft, writeDraft } from "@/platform/form-draft";
import { useSessionMember } from "@/platform/session/session.api";

/** A form that keeps its draft across a reload. */
export interface FormDraftOptions {
  /** The screen and the record, unique per form: `"staff.add"`, `` `enterprise.edit:${id}` ``, `` `role:${id ?? "new"}` ``. */
  key: string;
  /** More field names to leave out of the draft (passwords and codes always are), e.g. ID numbers. */
  omit?: readonly string[];
}

/**
 * The storage key of a form's draft for the signed-in member (organisation + member + `key`), or
 * null when there is no draft to keep (no key given, or no session yet).
 */
export function useDraftStorageKey(key: string | undefined): string | null {
  const member = useSessionMember();
  return key && member ? draftStorageKey({ boId: member.boId, memberId: member.memberId }, key) : null;
}

export interface FormDraft {
  /** The form's values came back from a draft (and the notice is shown). */
  restored: boolean;
  /** Give to the Form's `onValuesChange`: the values are written as the user changes them. */
  onValuesChange: () => void;
  /** Drop the draft and put the form back as it opened. */
  discard: () => void;
  /** Drop the draft: the form was saved or cancelled. */
  clear: () => void;
}

/**
 * Keeps a form's draft: restores it once when the form opens (and removes it from storage), writes
 * it on every change the user makes and when the page is hidden (reload, leaving), and removes it
 * when the form is saved, cancelled or the draft discarded. Only a form changed since it opened is
 * written: a restored draft left untouched is not kept for a second reload.
 */
export function useFormDraft<V>(form: FormInstance<V>, options: FormDraftOptions | undefined): FormDraft {
  const storageKey = useDraftStorageKey(options?.key);
  const omit = options?.omit;
  const omitRef = useRef(omit);
  omitRef.current = omit;
  const changed = useRef(false);
  /** The values as the form opened (or was last saved, cancelled or discarded): a draft is what differs from them. */
  const opened = useRef("");
  const snapshot = useCallback(() => JSON.stringify(draftValues(form.getFieldsValue(true), omitRef.current)), [form]);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (!storageKey) return;
    const saved = takeDraft(storageKey);
    if (saved) {
      form.setFieldsValue(saved as Parameters<typeof form.setFieldsValue>[0]);
      setRestored(true);
    }
    // Restored once, then gone from storage: it is written again only when the user changes something — a field
    // typed in, or a value the screen sets for them (goods chosen in a picker), seen by comparing with what opened.
    changed.current = false;
    opened.current = snapshot();
    const onHide = () => {
      if (changed.current || snapshot() !== opened.current) writeDraft(storageKey, form.getFieldsValue(true), omitRef.current);
    };
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [storageKey, form, snapshot]);

  const onValuesChange = useCallback(() => {
    if (!storageKey) return;
    changed.current = true;
    writeDraft(storageKey, form.getFieldsValue(true), omitRef.current);
  }, [storageKey, form]);

  const clear = useCallback(() => {
    changed.current = false;
    opened.current = snapshot();
    setRestored(false);
    if (storageKey) removeDraft(storageKey);
  }, [storageKey, snapshot]);

  const discard = useCallback(() => {
    form.resetFields();
    clear();
  }, [clear, form]);

  return { restored, onValuesChange, discard, clear };
}

/** "Restored your unsaved changes" with Discard, above a form whose draft came back. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  const { t } = useTranslation();
  if (!draft.restored) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      className="form-draft-notice"
      title={t("form.draftRestored")}
      action={
        <Button size="small" onClick={draft.discard}>
          {t("form.draftDiscard")}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
