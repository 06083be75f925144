import type { OutputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/session";
import type { FuncNode, MemberInfo } from "@sbo/contract/session";
import { create } from "zustand";

export type SiteInfo = OutputOf<typeof contract.session.platformInfo>;

/** Client state (spec §3). Server data is fetched with TanStack Query and mirrored here for the shell. */
export interface AppState {
  member: MemberInfo | null;
  topMenu: FuncNode[];
  leftMenu: FuncNode[];
  siteInfo: SiteInfo | null;
  cartCount: number;
  setMember: (member: MemberInfo | null) => void;
  setTopMenu: (menu: FuncNode[]) => void;
  setLeftMenu: (menu: FuncNode[]) => void;
  setSiteInfo: (info: SiteInfo | null) => void;
  setCartCount: (count: number) => void;
  reset: () => void;
}

const initial = { member: null, topMenu: [], leftMenu: [], siteInfo: null, cartCount: 0 };

export const useAppStore = create<AppState>()((set) => ({
  ...initial,
  setMember: (member) => set({ member }),
  setTopMenu: (topMenu) => set({ topMenu }),
  setLeftMenu: (leftMenu) => set({ leftMenu }),
  setSiteInfo: (siteInfo) => set({ siteInfo }),
  setCartCount: (cartCount) => set({ cartCount }),
  // Logging out or switching identity must not leave another organisation's menus on screen.
  reset: () => set({ member: null, topMenu: [], leftMenu: [], cartCount: 0 }),
}));
