import type { Call, InputOf } from "@sbo/contract/define";
import type { QueryKey } from "@tanstack/react-query";
import { Drawer, type DrawerProps, type FormInstance, type FormProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { removeDraft } from "@/platform/form-draft";
import { useWrite } from "@/platform/use-write";
import { ContractForm } from "./form";
import { type FormDraftOptions, useDraftStorageKey } from "./form-draft";

/** A contract entry and how the form's values become its input (default: the values as they are). */
export interface FormCall<C extends Call, V> {
  entry: C;
  toInput?: (values: V) => InputOf<C>;
}

export interface FormDrawerProps<V, A extends Call, U extends Call> {
  /** The form's name prefixes its field ids: keep it unique on the screen (a list filter may use the same field names). */
  name: string;
  title: ReactNode;
  open?: boolean;
  onClose: () => void;
  /** The call that adds. An entry that both adds and updates (an id in its input) goes here alone. */
  add: FormCall<A, V>;
  /** The call that changes the row being edited: give it only when editing. */
  update?: FormCall<U, V> | null;
  initialValues?: FormProps<V>["initialValues"];
  /** Pass a form to watch its fields (Form.useWatch). */
  form?: FormInstance<V>;
  /** The queries to refresh once saved. */
  invalidate: QueryKey;
  /** Shown once saved. */
  savedMessage: string;
  submitText?: ReactNode;
  size?: DrawerProps["size"];
  /**
   * Keep the form's draft across a reload: `key` names the screen and the record (e.g.
   * `` `role:${editing?.id ?? "new"}` ``). Closing the drawer without saving drops it.
   */
  draft?: FormDraftOptions;
  /** The fields. */
  children: ReactNode;
}

/**
 * The add/edit pattern: a drawer holding a ContractForm that calls `update` when given, else `add`;
 * once saved it refreshes `invalidate`, says `savedMessage` and closes. The form's buttons (Save, Cancel)
 * are pinned to the drawer's foot (`.form-drawer` in app.css): always in view, however long the form.
 * As in every ContractForm, Enter in a date or time picker only confirms the picker, and Save waits for a file being uploaded.
 */
export function FormDrawer<V, A extends Call, U extends Call = A>({
  name,
  title,
  open = true,
  onClose,
  add,
  update,
  initialValues,
  form,
  invalidate,
  savedMessage,
  submitText,
  size = 480,
  draft,
  children,
}: FormDrawerProps<V, A, U>) {
  const { t } = useTranslation();
  const write = useWrite(invalidate);
  const draftKey = useDraftStorageKey(draft?.key);
  const cancel = () => {
    if (draftKey) removeDraft(draftKey);
    onClose();
  };
  const common = {
    name,
    form,
    initialValues,
    onSuccess: async () => {
      await write.done(savedMessage);
      onClose();
    },
    submitText: submitText ?? t("common.save"),
    onCancel: cancel,
    draft,
  };
  return (
    <Drawer open={open} title={title} onClose={cancel} size={size} destroyOnHidden rootClassName="form-drawer">
      {update ? (
        <ContractForm<U, V> {...common} entry={update.entry} toInput={update.toInput}>
          {children}
        </ContractForm>
      ) : (
        <ContractForm<A, V> {...common} entry={add.entry} toInput={add.toInput}>
          {children}
        </ContractForm>
      )}
    </Drawer>
  );
}
