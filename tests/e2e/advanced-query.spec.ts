import type { Locator, Page } from '@playwright/test';
import {
  addUser,
  adminToken,
  api,
  body,
  choose,
  expect,
  loginAs,
  openFromMenu,
  pickUsers,
  shot,
  signInElsewhere,
  spaced,
  test,
  userWithGrants,
} from './fixtures';

/**
 * 高级查询 on the seeded 产品信息 list (31 products): two conditions narrow it to the two 试制
 * products priced 3000 or more; the query stays in the URL over a reload, is saved under a name,
 * shared with a role, and loaded by a user of that role; 清空 brings every row back.
 */
const NARROWED = ['越王勾践剑1:1仿制品', '中心独立柜'];

const builder = (page: Page) => page.getByRole('dialog', { name: '高级查询构造器' });
const dataRows = (page: Page) => body(page).locator('tbody tr');
const footerButton = (d: Locator, name: string) =>
  d
    .locator('.ant-modal-footer')
    .last()
    .getByRole('button', { name: spaced(name) });

async function openBuilder(page: Page): Promise<Locator> {
  await body(page).getByRole('button', { name: '高级查询' }).click();
  const d = builder(page);
  await expect(d).toBeVisible();
  return d;
}

async function expectNarrowed(page: Page) {
  await expect(dataRows(page)).toHaveCount(NARROWED.length);
  for (const name of NARROWED) await expect(dataRows(page).filter({ hasText: name })).toHaveCount(1);
}

test('an advanced query narrows the list, survives a reload, is saved, shared and loaded by another user', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const title = `试制高价${stamp}`;
  const admin = await adminToken(request);
  const reader = await userWithGrants(request, admin, 'pq', 'grp_production,doc_pro_product');

  await loginAs(page);
  await openFromMenu(page, '生产数据', '产品信息');
  await expect(dataRows(page)).toHaveCount(10);

  // nothing to query yet
  let d = await openBuilder(page);
  await footerButton(d, '查询').click();
  await expect(page.getByText('不能查询空条件')).toBeVisible();

  await choose(d, '条件1字段', '生产状态');
  await choose(d, '条件1规则', '等于');
  await choose(d, '条件1值', '试制');
  await d.getByRole('button', { name: '在条件1后新增' }).click();
  await choose(d, '条件2字段', '单价(元)');
  await choose(d, '条件2规则', '大于等于');
  await d.getByLabel('条件2值').fill('3000');
  // Enter in a value runs the query
  await d.getByLabel('条件2值').press('Enter');
  await expect(d).toBeHidden();
  await expectNarrowed(page);

  // the button tells the query is in force
  await body(page).getByRole('button', { name: '高级查询' }).hover();
  await expect(page.getByRole('tooltip').getByText('已有高级查询条件生效')).toBeVisible();

  // the URL keeps it: a reload shows the same rows
  await expect(page).toHaveURL(/[?&]sq=/);
  await page.reload();
  await expectNarrowed(page);

  // save it under a name (the modal opens with the query in force), then share it with the role
  d = await openBuilder(page);
  await expect(d.getByLabel('条件2值')).toHaveValue('3000');
  await footerButton(d, '保存查询条件').click();
  const naming = page.getByRole('dialog', { name: '请输入保存的名称' });
  await naming.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('保存名称不能为空')).toBeVisible();
  await naming.getByLabel('保存的名称').fill(title);
  await naming.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const saved = d.getByRole('list', { name: '保存的查询' });
  await expect(saved.getByRole('button', { name: title, exact: true })).toBeVisible();
  await shot(page, 'advanced-query-builder');

  await saved.getByRole('button', { name: `共享 ${title}` }).click();
  const share = page.getByRole('dialog', { name: `共享查询「${title}」` });
  await share.getByLabel('共享给角色').click();
  await share.getByLabel('共享给角色').fill(reader.roleName);
  await share.getByLabel('共享给角色').press('Enter');
  // the drop-down closes when the focus leaves the select
  await share.getByText('共享给以下角色的用户').click();
  await expect(share.getByTitle(reader.roleName)).toBeVisible();
  await share.getByRole('button', { name: spaced('确定') }).click();
  await expect(share).toBeHidden();
  await expect(saved.getByText('已共享')).toBeVisible();
  await footerButton(d, '关闭').click();
  await expect(d).toBeHidden();

  // 清空 in the tooltip: every row again
  await body(page).getByRole('button', { name: '高级查询' }).hover();
  await page.getByRole('tooltip').getByText('清空').click();
  await expect(dataRows(page)).toHaveCount(10);
  await expect(page).not.toHaveURL(/[?&]sq=/);

  // a user of the role (holding the list) sees the shared query, loads it and gets the same rows
  const other = await signInElsewhere(browser, reader.username, reader.password);
  await openFromMenu(other.page, '生产数据', '产品信息');
  await expect(dataRows(other.page)).toHaveCount(10);
  const od = await openBuilder(other.page);
  const theirs = od.getByRole('list', { name: '保存的查询' });
  await expect(theirs.getByText(/ 共享$/)).toBeVisible();
  await theirs.getByRole('button', { name: title, exact: true }).click();
  await expect(od.getByLabel('条件2值')).toHaveValue('3000');
  // not theirs to delete or share
  await expect(theirs.getByRole('button', { name: `删除 ${title}` })).toHaveCount(0);
  await shot(other.page, 'advanced-query-shared');
  await footerButton(od, '查询').click();
  await expectNarrowed(other.page);
  await other.context.close();
});

test('a user field’s condition is chosen in the user picker (在...中: several users)', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await adminToken(request);
  const curator = await addUser(request, admin, { username: `cur_${stamp}`, realname: `保管员${stamp}` });
  // the two exhibits go again at the end: 藏品档案's own spec counts the seeded four
  const added: string[] = [];
  for (const [name, curatorId] of [
    [`${stamp}有保管人`, curator.id],
    [`${stamp}无保管人`, ''],
  ]) {
    const res = await api(request, admin, 'POST', '/museum/exhibit/add', {
      name,
      code: `E${stamp}${curatorId ? 1 : 2}`,
      ...(curatorId ? { curatorId } : {}),
    });
    expect(res.success, res.message).toBe(true);
    added.push(String(res.result));
  }

  await loginAs(page);
  await openFromMenu(page, '数字博物馆', '藏品档案');
  const d = await openBuilder(page);
  await choose(d, '条件1字段', '保管人');
  // 在...中: the picker takes several users
  await choose(d, '条件1规则', '在...中');
  await pickUsers(page, d, '保管人', [curator.username]);
  await expect(d.getByTitle(`保管员${stamp}`)).toBeVisible();
  await d.getByRole('button', { name: '在条件1后新增' }).click();
  await choose(d, '条件2字段', '藏品名称');
  await choose(d, '条件2规则', '以..开始');
  await d.getByLabel('条件2值').fill(stamp);
  await footerButton(d, '查询').click();
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page)).toContainText(`${stamp}有保管人`);

  // on a phone the builder fills the screen's width
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await openBuilder(page);
  await expect(phone.getByLabel('条件1字段')).toBeVisible();
  await shot(page, 'advanced-query-phone');
  const box = (await phone.locator('.ant-modal-container').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389);
  expect(box.height).toBeGreaterThanOrEqual(843);
  const removed = await api(request, admin, 'DELETE', `/museum/exhibit/deleteBatch?ids=${added.join(',')}`);
  expect(removed.success, removed.message).toBe(true);
});
