import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** the shell's tab bar (src/app/tabs/TabBar.tsx) and one of its tabs by title */
export const tabBar = (page: Page) => page.locator('.shell-tabbar');
export const tab = (page: Page, name: string) => tabBar(page).getByRole('tab', { name, exact: true });

/** the tab context menu now open (closed ones stay in the page, hidden) */
export const contextMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/** right-clicks a tab until its menu shows (a tab that has just opened may still be sliding in) */
export async function openTabMenu(page: Page, name: string) {
  await expect(async () => {
    if ((await contextMenu(page).count()) === 0) await tab(page, name).click({ button: 'right' });
    await expect(contextMenu(page)).toHaveCount(1, { timeout: 1000 });
  }).toPass();
}

/**
 * Runs a context action. The menu opens at the pointer and may still be zooming in or being
 * re-aligned when the click lands: the click then misses it (on a busy machine it hit the header
 * above, which closes the menu), so the menu is opened again and the click retried.
 */
export async function tabAction(page: Page, name: string, action: string) {
  await expect(async () => {
    await openTabMenu(page, name);
    await contextMenu(page).getByRole('menuitem', { name: action }).click({ timeout: 2000 });
    await expect(contextMenu(page)).toHaveCount(0, { timeout: 2000 });
  }).toPass();
}
