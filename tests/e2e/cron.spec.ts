import type { Locator, Page } from '@playwright/test';
import {
  body,
  choose,
  closeDialog,
  expect,
  loginAs,
  popconfirmOk,
  rowOf,
  shot,
  spaced,
  test,
} from './fixtures';

/**
 * The cron builder on 定时任务's Cron表达式 (schemas/system/quartz-job.json): a
 * person builds "every 15 minutes from minute 5, at 9 o'clock, Monday to Friday", sees the
 * expression and its next five runs, saves, and reopening the builder shows the same modes.
 * Run once at once (立即执行), the job's 执行记录 drawer lists that run (a drawer action over
 * schemas/system/quartz-job-run.json narrowed to the job).
 */

const EXPRESSION = '0 5/15 9 ? * 2,3,4,5,6 *';
const builder = (page: Page) => page.getByRole('dialog', { name: 'Cron表达式' });
const tab = (d: Locator, name: string) => d.getByRole('tab', { name, exact: true });
const radio = (d: Locator, name: string) => d.getByRole('radio', { name, exact: true });

async function openBuilder(page: Page, form: Locator): Promise<Locator> {
  await form.getByRole('button', { name: '构造' }).click();
  const d = builder(page);
  await expect(d).toBeVisible();
  return d;
}

test('builds every 15 minutes from 5 at 9, Monday to Friday; saved, it reopens in the same modes', async ({
  page,
}) => {
  // some forty steps through antd controls: more than the suite's two minutes on two busy cores
  test.setTimeout(420_000);
  const job = `每个工作日 ${Date.now().toString(36)}`;
  await loginAs(page);
  // straight to the list by its address; the first load of the menus is slow on two busy cores
  await page.goto('/online/cgformList/sys_quartz_job');
  await expect(page.getByRole('heading', { level: 1, name: '定时任务' })).toBeVisible({ timeout: 60_000 });
  await body(page).getByRole('button', { name: '新增' }).click();
  const form = page.getByRole('dialog', { name: '新增' });
  // 任务类名 offers the registered job kinds (src/server/jobs/registry.ts)
  await choose(form, '任务类名', '刷新字典缓存');
  await form.getByLabel('描述').fill(job);

  let d = await openBuilder(page, form);
  await expect.poll(async () => Math.round((await d.boundingBox())?.width ?? 0)).toBe(608);
  for (const name of ['秒', '分', '时', '日', '月', '年']) await expect(tab(d, name)).toBeVisible();
  // the defaults: every field *, the day of week ?
  await expect(d.getByLabel('Cron表达式')).toHaveValue('* * * * * ? *');

  await radio(d, '指定').check(); // second 0, the first value offered
  await tab(d, '分').click();
  await d.getByLabel('分开始').fill('5');
  await d.getByLabel('分间隔').fill('15');
  await tab(d, '时').click();
  await radio(d, '指定').check();
  const hours = d.getByLabel('指定时');
  await hours.click();
  await hours.press('Backspace'); // the 0 offered first
  await hours.fill('9');
  await hours.press('Enter');
  await tab(d, '日').click();
  await radio(d, '指定星期').check();
  for (const day of ['周二', '周三', '周四', '周五']) await d.getByRole('checkbox', { name: day }).check();
  await expect(d.getByLabel('Cron表达式')).toHaveValue(EXPRESSION);

  // the next five runs: weekdays at 09:05, 09:20, 09:35 or 09:50, one after another
  const runs = d.getByRole('list', { name: '最近运行时间' }).getByRole('listitem');
  await expect(runs).toHaveCount(5);
  const times = await runs.allTextContents();
  const dates = times.map((t) => new Date(t.replace(' ', 'T')));
  for (const [i, t] of times.entries()) {
    expect(t).toMatch(/^\d{4}-\d{2}-\d{2} 09:(05|20|35|50):00$/);
    expect([1, 2, 3, 4, 5]).toContain(dates[i].getDay());
    if (i) expect(dates[i].getTime()).toBeGreaterThan(dates[i - 1].getTime());
  }
  await shot(page, 'cron-builder');

  await d.getByRole('button', { name: spaced('确定') }).click();
  await expect(d).toBeHidden();
  await expect(form.getByLabel('Cron表达式')).toHaveValue(EXPRESSION);
  await form.getByRole('button', { name: spaced('确定') }).click();
  await expect(form).toBeHidden();
  await expect(rowOf(body(page), job)).toContainText(EXPRESSION);

  // reopened from the saved record: each tab in the mode it was built with
  await rowOf(body(page), job).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await expect(edit.getByLabel('Cron表达式')).toHaveValue(EXPRESSION);
  d = await openBuilder(page, edit);
  await expect(radio(d, '指定')).toBeChecked();
  await tab(d, '分').click();
  await expect(radio(d, '间隔')).toBeChecked();
  await expect(d.getByLabel('分开始')).toHaveValue('5');
  await expect(d.getByLabel('分间隔')).toHaveValue('15');
  await tab(d, '时').click();
  await expect(radio(d, '指定')).toBeChecked();
  // the chosen hour's tag in the tab shown
  await expect(d.getByRole('tabpanel').getByText('9', { exact: true })).toBeVisible();
  await tab(d, '日').click();
  await expect(radio(d, '指定星期')).toBeChecked();
  for (const day of ['周一', '周二', '周三', '周四', '周五'])
    await expect(d.getByRole('checkbox', { name: day })).toBeChecked();
  for (const day of ['周六', '周日']) await expect(d.getByRole('checkbox', { name: day })).not.toBeChecked();
  await expect(d.getByLabel('Cron表达式')).toHaveValue(EXPRESSION);
  await shot(page, 'cron-builder-reopened');
  // the list afresh, without the dialogs
  await page.reload();

  // 详细信息 shows the expression with its next five runs; an enabled job (the default) offers 停止, not 启动
  const row = rowOf(body(page), job);
  await expect(row.getByRole('button', { name: '停止' })).toBeVisible();
  await expect(row.getByRole('button', { name: '启动' })).toHaveCount(0);
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect(detail.getByRole('list', { name: '最近运行时间' }).getByRole('listitem')).toHaveCount(5);
  await closeDialog(detail);

  // 执行记录 before any run: the drawer lists none of this job's runs
  await row.getByRole('button', { name: '执行记录' }).click();
  const runsOf = page.getByRole('dialog', { name: `执行记录：${job}` });
  await expect(runsOf.getByText('暂无数据', { exact: true }).last()).toBeVisible({ timeout: 30_000 });
  await closeDialog(runsOf);
  await expect(runsOf).toBeHidden();

  // 立即执行 once: the drawer then shows that run, by the admin, with its outcome (the run ends
  // after the call answers, so the drawer is opened again until it shows the end)
  await row.getByRole('button', { name: '立即执行' }).click();
  await popconfirmOk(page).click();
  await expect(async () => {
    if (await runsOf.isVisible()) await closeDialog(runsOf);
    await row.getByRole('button', { name: '执行记录' }).click();
    const manual = runsOf
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await expect(manual).toHaveCount(1, { timeout: 10_000 });
    await expect(manual.getByRole('cell', { name: '成功', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await shot(page, 'cron-job-runs');
});
