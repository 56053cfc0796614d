import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminToken, api, body, expect, loginAs, rowOf, shot, spaced, test } from './fixtures';

/**
 * The pickers on the museum's documents: an activity's 所在地区 (pca: province, city
 * and district in a cascader, listed as 省/市/区) and 藏品类别 (cat_tree over the category tree),
 * and a sign-up's 活动 (sel_search: searched on the server as the user types). The popupCode
 * picker (角色管理选择) is walked in pickers.spec.ts on a new user's 角色.
 */

const stamp = (minutes: number) =>
  new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function newActivity(request: APIRequestContext, title: string): Promise<string> {
  const res = await api(request, await adminToken(request), 'POST', '/museum/activity/add', {
    title,
    place: '三号展厅',
    startTime: stamp(3 * 24 * 60),
    endTime: stamp(3 * 24 * 60 + 90),
    signupDeadline: stamp(2 * 24 * 60),
    capacity: 5,
    perPersonLimit: 2,
    status: '1',
  });
  expect(res.success, res.message).toBe(true);
  return res.result;
}

// two busy cores: the lists, forms and pickers take their time
test.setTimeout(180_000);

/**
 * clicks through the open cascader's columns, one name per level; a click on a column still being
 * laid out can miss, so a level is clicked again until the next column shows
 */
async function cascade(page: Page, names: string[]) {
  const menus = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
  const item = (level: number, name: string) =>
    menus
      .nth(level)
      .getByRole('menuitemcheckbox', { name, exact: true })
      .or(
        menus
          .nth(level)
          .locator('.ant-cascader-menu-item')
          .filter({ hasText: new RegExp(`^${name}$`) }),
      )
      .first();
  for (const [level, name] of names.entries()) {
    if (level === names.length - 1) {
      await item(level, name).click();
      continue;
    }
    await expect(async () => {
      await item(level, name).click({ timeout: 5000 });
      await expect(item(level + 1, names[level + 1])).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 60_000 });
  }
}

/** opens a list by its link (the menu's own walk is proven elsewhere; on a busy machine it is the slow part) */
async function openList(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
}

/** the search form's 查询 (its name carries its icon's) */
const QUERY = /^(search )?查\s*询$/;

async function searchTitle(page: Page, title: string) {
  await body(page).getByLabel('活动名称').fill(title);
  await body(page).getByRole('button', { name: QUERY }).click();
}

test('an activity’s area is chosen province → city → district and listed as 省/市/区; its category from the tree', async ({
  page,
  request,
}) => {
  const title = `地区活动${Date.now().toString(36)}`;
  await newActivity(request, title);
  await loginAs(page);
  await openList(page, '/online/cgformList/museum_activity', '活动管理');
  await searchTitle(page, title);
  const row = rowOf(body(page), title);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });

  await edit.getByLabel('所在地区').click();
  await cascade(page, ['广东省', '深圳市', '南山区']);
  await expect(edit.locator('.ant-cascader')).toContainText('广东省 / 深圳市 / 南山区');

  await edit.getByLabel('藏品类别').click();
  const tree = page.locator('.ant-select-dropdown:visible');
  await tree
    .locator('.ant-select-tree-node-content-wrapper')
    .filter({ hasText: /^陶瓷$/ })
    .click();
  await expect(tree).toBeHidden();
  await shot(page, 'area-pickers-form');
  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden();

  await expect(row.getByRole('cell', { name: '广东省/深圳市/南山区' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '陶瓷', exact: true })).toBeVisible();
  await shot(page, 'area-pickers-list');

  // a search by the province finds it; another province does not
  const region = body(page).getByLabel('所在地区');
  await region.click();
  await cascade(page, ['广东省']);
  await page.keyboard.press('Escape');
  await body(page).getByRole('button', { name: QUERY }).click();
  await expect(row).toHaveCount(1);
  await region.click();
  await cascade(page, ['北京市']);
  await page.keyboard.press('Escape');
  await body(page).getByRole('button', { name: QUERY }).click();
  await expect(row).toHaveCount(0);

  // opened again, the form shows the stored area by name
  await body(page)
    .getByRole('button', { name: /^(reload )?重\s*置$/ })
    .click();
  await searchTitle(page, title);
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(edit.locator('.ant-cascader')).toContainText('广东省 / 深圳市 / 南山区');
});

test('a sign-up’s 活动 is searched as the user types: 请输入搜索内容, then 没有查询到任何数据 or the matches', async ({
  page,
  request,
}) => {
  const title = `搜索活动${Date.now().toString(36)}`;
  await newActivity(request, title);
  await loginAs(page);
  await openList(page, '/museum/signup', '活动报名');
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  const box: Locator = add.getByLabel('活动');
  await box.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.getByText('请输入搜索内容')).toBeVisible();
  await box.fill('没有这个活动');
  await expect(dropdown.getByText('没有查询到任何数据')).toBeVisible();
  await shot(page, 'sel-search-empty');
  await box.fill(title.slice(0, -2));
  await dropdown.getByText(title, { exact: true }).click();
  await expect(box.locator('xpath=../..')).toContainText(title);
});
