import type { Locator, Page } from '@playwright/test';
import {
  addUser,
  closeDialog,
  adminToken,
  api,
  body,
  expect,
  loginAs,
  openFromMenu,
  pickUsers,
  popconfirmOk,
  rowOf,
  shot,
  signInElsewhere,
  spaced,
  test,
  tokenOf,
} from './fixtures';
import { tabAction } from './tab-bar';

/**
 * The content half of issue 4 through the browser: dictionaries and their items with the cache
 * refresh, announcements reaching a signed-in user's header live, the category tree, rule tryouts
 * and the logs.
 */

/** the texts of the open select's options */
function selectOptions(page: Page): Locator {
  return page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');
}

test('a dictionary item edited in 字典配置 shows in lists and, after 刷新缓存, in the search boxes too', async ({
  page,
}) => {
  await loginAs(page);
  // the browser caches the dictionary (local storage and this page) before the edit
  await openFromMenu(page, '基础数据', '岗位');
  await body(page).getByLabel('岗位职级').click();
  await expect(selectOptions(page)).toHaveText(['员级', '助理级', '中级', '高级']);
  await page.keyboard.press('Escape');

  await openFromMenu(page, '系统管理', '数据字典');
  await body(page).getByLabel('字典编码').fill('position_rank');
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
  await expect(body(page).locator('tbody tr')).toHaveCount(1);
  await shot(page, 'system-dict');
  await rowOf(body(page), 'position_rank').getByRole('button', { name: '字典配置' }).click();
  const drawer = page.getByRole('dialog', { name: '字典配置：岗位职级（position_rank）' });
  await expect(rowOf(drawer, '中级')).toHaveCount(1);

  // a value already in this dictionary is refused as it is typed, and on save with the same words
  await drawer.getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  const taken = add.getByText('该值不可用，当前字典中已存在！');
  await add.getByLabel('名称').fill('重复的值');
  await add.getByLabel('数据值').fill('3');
  await expect(taken).toBeVisible();
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(page.locator('.ant-message')).toContainText('该值不可用，当前字典中已存在！');
  await expect(taken).toHaveCount(1);
  await add.getByLabel('数据值').fill('9');
  await expect(taken).toHaveCount(0);
  await shot(page, 'system-dict-item-add');
  await add
    .locator('.ant-modal-footer')
    .getByRole('button', { name: spaced('关闭') })
    .click();
  await expect(add).toBeHidden();

  // 停用 and 启用 again
  const senior = rowOf(drawer, '高级');
  await senior.getByRole('button', { name: '停用' }).click();
  await popconfirmOk(page).click();
  await expect(senior.getByRole('cell', { name: '停用', exact: true })).toBeVisible();
  await senior.getByRole('button', { name: '启用' }).click();
  await expect(senior.getByRole('cell', { name: '启用', exact: true })).toBeVisible();

  await rowOf(drawer, '中级').getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await edit.getByLabel('名称').fill('中级职称');
  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(drawer, '中级职称')).toHaveCount(1);
  await shot(page, 'system-dict-items');
  await closeDialog(drawer);

  await body(page).getByRole('button', { name: '刷新缓存' }).click();
  await expect(page.getByText('刷新缓存完成！')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('UI_CACHE_DB_DICT_DATA'))).toContain('中级职称');

  // the list translates through the server; its search box through the refreshed browser copy. The
  // 岗位 tab is kept alive and shows what it showed: its 刷新 reads it again
  await openFromMenu(page, '基础数据', '岗位');
  await tabAction(page, '岗位', '刷新');
  await expect(rowOf(body(page), '文物保管员').getByRole('cell', { name: '中级职称' })).toBeVisible();
  await body(page).getByLabel('岗位职级').click();
  await expect(selectOptions(page)).toHaveText(['员级', '助理级', '中级职称', '高级']);
  await page.keyboard.press('Escape');
});

test('a released announcement reaches the signed-in recipient live; reading it clears the count', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const username = `notice_${stamp}`;
  const realname = `接收人${stamp}`;
  const user = await addUser(request, admin, { username, realname });

  // the recipient, signed in in a browser of its own
  const { context, page: other } = await signInElsewhere(browser, username, user.password);
  const bell = other.locator('.shell-header').getByRole('button', { name: /^消息通知/ });
  await expect(bell).toHaveAccessibleName('消息通知');
  const userToken = await tokenOf(other);
  // its notice socket is open before anything is released
  await expect
    .poll(
      async () => (await api(other.request, userToken, 'GET', `/websocket/${user.id}`)).result.connections,
    )
    .toBeGreaterThan(0);

  await loginAs(page);
  await openFromMenu(page, '系统管理', '系统通告');
  await body(page).getByRole('button', { name: '新增' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  const title = `闭馆通知${stamp}`;
  await d.getByLabel('标题').fill(title);
  // 内容 is rich text: typed into the editor's page as a person types it
  const content = d.locator('[data-field-editor=umeditor] iframe').contentFrame().locator('body');
  await content.click();
  await page.keyboard.type('本周一闭馆维护。');
  await page.keyboard.press('Enter');
  await page.keyboard.type('请各部门提前安排。');
  await d.getByRole('radio', { name: '高' }).check();
  await d.getByRole('radio', { name: '指定用户' }).check();
  await pickUsers(page, d, '指定用户', [username]);
  await expect(d.locator('.ant-select-selection-item', { hasText: realname })).toBeVisible();
  await shot(page, 'system-announcement-form');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();

  const row = rowOf(body(page), title);
  await expect(row.getByRole('cell', { name: '未发布' })).toBeVisible();
  await expect(row.getByRole('button', { name: '撤销' })).toHaveCount(0);
  await row.getByRole('button', { name: '发布' }).click();
  await popconfirmOk(page).click();
  await expect(page.getByText('该系统通知发布成功')).toBeVisible();
  await expect(row.getByRole('cell', { name: '已发布' })).toBeVisible();
  // released: no more 编辑 or 发布, but 撤销
  await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '发布' })).toHaveCount(0);
  await shot(page, 'system-announcements');

  // live in the recipient's header: a pop-up, the count, the dropdown
  await expect(other.getByText('您有一条新消息')).toBeVisible();
  await expect(bell).toHaveAccessibleName('消息通知，1 条未读');
  await bell.click();
  const dropdown = other.locator('.ant-popover:visible');
  await expect(dropdown.getByRole('tab', { name: '通知（1）' })).toBeVisible();
  await expect(dropdown.getByText(title)).toBeVisible();
  await shot(other, 'header-notice-dropdown');
  await dropdown.getByText(title).click();
  const detail = other.getByRole('dialog', { name: title });
  await expect(detail.getByText('本周一闭馆维护。')).toBeVisible();
  // the rich text shows as text, not as its HTML
  await expect(detail).not.toContainText('<p>');
  await expect(detail.getByText('admin', { exact: true })).toBeVisible();
  await shot(other, 'header-notice-detail');
  await closeDialog(detail);
  await expect(bell).toHaveAccessibleName('消息通知');

  // revoked: the admin's list says so
  await row.getByRole('button', { name: '撤销' }).click();
  await popconfirmOk(page).click();
  await expect(row.getByRole('cell', { name: '已撤销' })).toBeVisible();
  await context.close();
});

test('the home page lists the announcements the user received; opening one there marks it read', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const stamp = Date.now().toString(36);
  const username = `home_${stamp}`;
  const user = await addUser(request, admin, { username, realname: `首页${stamp}` });
  const titles = [`旧公告${stamp}`, `新公告${stamp}`];
  for (const titile of titles) {
    const added = await api(request, admin, 'POST', '/sys/annountCement/add', {
      titile,
      msgContent: `${titile}的正文`,
      msgCategory: '1',
      msgType: 'USER',
      userIds: user.id,
      priority: 'H',
    });
    expect(
      (await api(request, admin, 'GET', `/sys/annountCement/doReleaseData?id=${added.result}`)).success,
    ).toBe(true);
  }

  await loginAs(page, username, user.password);
  // no role yet: the modules card says so and what to do
  await expect(page.getByText('暂无可查看的数据模块')).toBeVisible();
  await expect(page.getByText('如需使用，请联系管理员为您分配角色')).toBeVisible();
  const card = page.getByRole('list', { name: '最新公告' });
  // newest first, both unread, and the header agrees
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('listitem').first()).toContainText(titles[1]);
  await expect(card.getByText('未读')).toHaveCount(2);
  const bell = page.locator('.shell-header').getByRole('button', { name: /^消息通知/ });
  await expect(bell).toHaveAccessibleName('消息通知，2 条未读');
  await shot(page, 'dashboard-notices');

  await card.getByRole('button', { name: titles[1] }).click();
  const detail = page.getByRole('dialog', { name: titles[1] });
  await expect(detail.getByText(`${titles[1]}的正文`)).toBeVisible();
  await closeDialog(detail);
  await expect(card.getByText('未读')).toHaveCount(1);
  await expect(bell).toHaveAccessibleName('消息通知，1 条未读');
  // read on the server too: a reload keeps it read
  await page.reload();
  await expect(card.getByText('未读')).toHaveCount(1);
  await expect(card.getByRole('listitem').filter({ hasText: titles[0] })).toContainText('未读');
});

test('添加下级 in the category tree saves a child whose code the server generates, shown at once', async ({
  page,
}) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '分类字典');
  const parent = rowOf(body(page), '金银器');
  await expect(parent.getByRole('cell', { name: 'A05' })).toBeVisible();
  await parent.getByRole('button', { name: '添加下级' }).click();
  const d = page.getByRole('dialog', { name: '新增' });
  await expect(d.getByText('金银器')).toBeVisible();
  const code = d.getByLabel('分类编码');
  await expect(code).toHaveAttribute('placeholder', '保存时按上级分类自动生成');
  await expect(code).toBeDisabled();
  await d.getByLabel('分类名称').fill('金器');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();

  // the parent opens by itself, so the new child is seen where it was added
  const child = rowOf(body(page), '金器').filter({ hasNotText: '金银器' });
  await expect(child.getByRole('cell', { name: 'A05A01' })).toBeVisible();
  await expect(body(page).getByRole('button', { name: '收起 金银器', exact: true })).toBeVisible();
  await shot(page, 'system-category');

  // a saved node keeps its parent (its code derives from it): the form does not offer a move
  await child.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit.getByLabel('上级分类')).toBeDisabled();
  await expect(edit.getByLabel('上级分类').locator('xpath=..')).toHaveAttribute('title', '金银器');
  await expect(edit.getByText('上级分类只能在新增时选择')).toBeVisible();
  await shot(page, 'system-category-edit');
  await closeDialog(edit);
  // a top-level node has no parent to show (not the root pid '0')
  await rowOf(body(page), 'A05').filter({ hasText: '金银器' }).getByRole('button', { name: '编辑' }).click();
  const top = page.getByRole('dialog', { name: '编辑' });
  await expect(top.getByLabel('上级分类')).toBeDisabled();
  await expect(top.getByText('请选择上级分类')).toBeVisible();
  await closeDialog(top);

  // deleting the only child makes the parent a leaf again
  await child.getByRole('button', { name: '删除' }).click();
  await popconfirmOk(page).click();
  await expect(child).toHaveCount(0);
  await expect(body(page).getByRole('button', { name: /^(展开|收起) 金银器$/ })).toHaveCount(0);
});

test('a check rule and a fill rule can be tried from their lists', async ({ page }) => {
  await loginAs(page);
  await openFromMenu(page, '系统管理', '编码校验规则');
  await rowOf(body(page), 'collection_no').getByRole('button', { name: '测试' }).click();
  const check = page.getByRole('dialog', { name: '测试校验规则：藏品编号' });
  await check.getByLabel('待校验的值').fill('cp2024-0001');
  await check.getByRole('button', { name: spaced('校验') }).click();
  await expect(check.getByText('前两位须是大写字母（藏品类别）')).toBeVisible();
  await expect(check.getByText('第 1 到 2 位：cp')).toBeVisible();
  await check.getByLabel('待校验的值').fill('CP2024-0001');
  await check.getByLabel('待校验的值').press('Enter');
  await expect(check.getByText('校验通过')).toBeVisible();
  await shot(page, 'system-check-rule-try');
  await page.keyboard.press('Escape');

  await openFromMenu(page, '系统管理', '填值规则');
  await rowOf(body(page), 'shop_order_num').getByRole('button', { name: '测试' }).click();
  const fill = page.getByRole('dialog', { name: '测试填值规则：订单号' });
  await expect(fill.getByText('每次执行都会占用一个流水号')).toBeVisible();
  await fill.getByRole('button', { name: spaced('执行') }).click();
  await expect(fill.locator('.ant-alert-success')).toContainText(/CN\d{8}\d{4}/);
  await shot(page, 'system-fill-rule-try');
  await page.keyboard.press('Escape');

  // a category code for a child of 书画 (A01)
  await rowOf(body(page), 'category_code_rule').getByRole('button', { name: '测试' }).click();
  const category = page.getByRole('dialog', { name: '测试填值规则：分类字典编码' });
  await category.getByLabel('表单数据（JSON，可不填）').fill('{"pid": "no-such-category"}');
  await category.getByRole('button', { name: spaced('执行') }).click();
  await expect(category.getByText('上级分类不存在')).toBeVisible();
});

test('the logs list the admin’s sign-in and writes, newest first, searchable by account and result', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const code = `log_${Date.now().toString(36)}`;
  await api(request, admin, 'POST', '/sys/dict/add', { dictName: '日志样例', dictCode: code });

  await loginAs(page);
  await openFromMenu(page, '系统管理', '系统日志');
  const logs = body(page).getByRole('tabpanel');
  await expect(page.getByRole('tab', { name: '登录日志', selected: true })).toBeVisible();
  await logs.getByLabel('账号').fill('admin');
  await logs.getByRole('button', { name: '展开' }).click();
  await logs.getByLabel('结果').click();
  await selectOptions(page).filter({ hasText: '成功' }).click();
  await logs.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
  const first = logs.locator('tbody tr').first();
  await expect(first).toContainText('登录成功');
  await expect(first).toContainText('admin');
  await shot(page, 'system-log-login');

  await page.getByRole('tab', { name: '操作日志' }).click();
  const ops = body(page).getByRole('tabpanel');
  await ops.getByLabel('请求地址').fill('/sys/dict/add');
  await ops.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
  await expect(ops.locator('tbody tr').first()).toContainText('/api/sys/dict/add');
  await expect(ops.locator('tbody tr').first()).toContainText('POST');
  await shot(page, 'system-log-operation');
});
