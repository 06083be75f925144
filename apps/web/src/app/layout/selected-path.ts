/** The longest of `paths` that `pathname` is or starts with: the menu entry of the screen shown. */
export const selectedPath = (paths: readonly string[], pathname: string): string | undefined =>
  paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
