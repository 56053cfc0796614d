/** Spec 2.4: '<page title> · <system name>'; on home (or without a title) the system name alone. */
export function documentTitle(pageTitle: string | undefined, system: string, isHome: boolean): string {
  if (isHome || !pageTitle) return system;
  return `${pageTitle} · ${system}`;
}
