import { create } from "zustand";

/**
 * Whether the account notices dialog is open; the user menu and the identity switch open it too. Apart
 * from the dialog (account-notices.tsx), which the layout loads lazily after the shell has drawn.
 */
export const useNoticesDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
