import type { ThemeConfig } from "antd";

/**
 * antd's defaults fail WCAG AA on white for the primary blue (#1677ff, 4.1:1) and secondary
 * text (#8c8c8c, 3.4:1). These reach at least 4.5:1 on white and on the #f5f5f5 page background.
 */
export const theme: ThemeConfig = {
  // No CSS-in-JS at run time: the build writes antd's stylesheet with this theme (antd-static-style.ts).
  // A fixed CSS-variable scope (the class `sbo`) and no hashed class names, so that stylesheet matches.
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: "sbo" },
  token: {
    colorPrimary: "#0958d9", // 6.2:1 on white
    colorLink: "#0958d9",
    // antd lightens the primary on hover (a hovered default button's text fell to 3.9:1); darken instead.
    colorPrimaryHover: "#003eb3", // 8.6:1
    colorPrimaryActive: "#002c8c",
    colorLinkHover: "#003eb3",
    colorLinkActive: "#002c8c",
    colorError: "#cf1322", // 5.6:1
    colorSuccess: "#237804", // 5.6:1 (antd's #52c41a: 2.3:1)
    colorWarning: "#ad4e00", // 5.4:1 (antd's #faad14: 1.9:1)
    colorTextSecondary: "#595959", // 7.0:1
    colorTextTertiary: "#6b6b6b", // 5.3:1
    colorTextDescription: "#595959",
    colorTextPlaceholder: "#737373", // 4.7:1
    colorBgLayout: "#f5f5f5",
    borderRadius: 6,
  },
  components: {
    Layout: { headerBg: "#ffffff", siderBg: "#ffffff", headerPadding: "0 24px", footerBg: "#f5f5f5" },
    Menu: { itemSelectedColor: "#0958d9" },
  },
};

/**
 * The theme for the user's settings. "Reduce motion" (WCAG 2.3.3) turns antd's animations off: nothing slides or
 * grows, and a spinner or message that closes is gone at once. (An animation that is cut short, like a Save
 * button's spinner when the answer comes within its 0.3 s, could also leave antd's motion waiting for an end event
 * that never fires, so the spinner stayed.)
 */
export function themeFor(settings: { reducedMotion: boolean }): ThemeConfig {
  return settings.reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
