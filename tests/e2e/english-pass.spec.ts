import type { Locator, Page } from '@playwright/test';
import { adminToken, expect, fillLogin, test, userWithGrants } from './fixtures';

/**
 * What a person reads in `scope` that is Chinese — text, placeholders, labels and tooltips — leaving
 * out what records and settings hold (`data`: cells, field values, dictionary texts, the system's
 * name), which stay as they were entered.
 */
function chineseOutside(scope: Locator, data: string): Promise<string[]> {
  return scope.evaluate((root, skip) => {
    const han = /[\u3400-\u9fff]/;
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && !el.closest(skip) && el.checkVisibility() && han.test(n.textContent ?? ''))
        out.push(n.textContent!.trim());
    }
    for (const el of root.querySelectorAll('[placeholder],[aria-label],[title]'))
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(name);
        if (v && han.test(v) && !el.closest(skip)) out.push(`${name}=${v}`);
      }
    return out;
  }, data);
}

/** the console's data: table cells, field values and dictionary choices, the system name, the user's name */
const CONSOLE_DATA = [
  'td',
  'input',
  'textarea',
  '.ant-select-selection-item',
  '.ant-radio-label',
  '.ant-checkbox-label',
  '[aria-label^="User menu"]',
  'a[href="/dashboard/analysis"]',
].join(',');

async function signInInEnglish(page: Page, username: string, password: string) {
  await page.goto('/user/login');
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  // the page is drawn again in English: fill it only once it is
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
  await fillLogin(page, username, password);
  await page.waitForURL('**/dashboard/analysis');
}

test('in English the shell, a list, its form and the phone area show no Chinese outside the data', async ({
  page,
  request,
}) => {
  const user = await userWithGrants(
    request,
    await adminToken(request),
    'en',
    'grp_base,doc_base_unit,doc_base_unit_add',
  );
  await signInInEnglish(page, user.username, user.password);

  const nav = page.getByRole('menu', { name: 'Navigation' });
  await nav.getByRole('menuitem', { name: 'Base data' }).click();
  await nav.getByRole('menuitem', { name: 'Units of measure' }).click();
  await expect(page.getByRole('columnheader', { name: 'Unit name' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await chineseOutside(page.locator('body'), CONSOLE_DATA)).toEqual([]);

  await page.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'Add' });
  await expect(form.getByLabel('Unit name')).toBeVisible();
  // 确定 with nothing filled: the form's messages too
  await form.getByRole('button', { name: 'OK' }).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  expect(await chineseOutside(form, CONSOLE_DATA)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // the phone area follows the choice this browser made
  await page.goto('/phone/activityList');
  await expect(page.getByRole('list', { name: /activit/i })).toBeVisible();
  expect(await chineseOutside(page.locator('body'), '.cards')).toEqual([]);
});
