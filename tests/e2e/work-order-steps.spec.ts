import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminToken,
  api,
  body,
  expect,
  localOnly,
  loginAs,
  openFromMenu,
  popconfirmOk,
  rowOf,
  spaced,
  test,
} from './fixtures';

/** signs in as admin and lists 生产工单 down to the one order */
async function openOrder(page: Page, orderNo: string) {
  await loginAs(page);
  await openFromMenu(page, '生产数据', '生产工单');
  await body(page).getByLabel('工单编号').fill(orderNo);
  await body(page)
    .getByRole('button', { name: /^(search )?查\s*询$/ })
    .click();
}

/**
 * The work-order step page (/workOrderListProcedureStepInfo): staff share a work order from the
 * 生产工单 list; a phone without any session opens the link and sees the steps, photos included;
 * after 撤销 the same link shows the invalid-link message. The page never loads the console.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** a work order with three steps (the first done, with a photo and an operator) */
async function newWorkOrder(request: APIRequestContext, orderNo: string): Promise<void> {
  const admin = await adminToken(request);
  const order = await api(request, admin, 'POST', '/production/workOrder/add', {
    orderNo,
    productId: 'prod-16',
    planQty: 20,
    planStart: '2026-02-01',
    planFinish: '2026-03-01',
    status: '2',
  });
  expect(order.success, order.message).toBe(true);
  const upload = await (
    await request.post('/api/sys/common/upload', {
      headers: { 'X-Access-Token': admin },
      multipart: {
        biz: 'workorder',
        file: {
          name: 'cast.jpg',
          mimeType: 'image/jpeg',
          buffer: fs.readFileSync('fixtures/files/photo.jpg'),
        },
      },
    })
  ).json();
  expect(upload.success, upload.message).toBe(true);
  const steps = [
    {
      seq: 1,
      procedureTypeId: 'proc-zz',
      workPositionId: 'wp-zz-01',
      planQty: 20,
      actualQty: 20,
      operatorId: 'user_li',
      photo: upload.message,
      finishTime: '2026-02-06 16:00:00',
    },
    { seq: 2, procedureTypeId: 'proc-dm', workPositionId: 'wp-dm-01', planQty: 20, actualQty: 12 },
    { seq: 3, procedureTypeId: 'proc-zj', planQty: 20 },
  ];
  for (const s of steps) {
    const r = await api(request, admin, 'POST', '/production/procedureStep/add', {
      ...s,
      workOrderId: order.result,
    });
    expect(r.success, r.message).toBe(true);
  }
}

test('staff share a work order; a phone without a session sees its steps until the link is revoked', async ({
  page,
  browser,
  request,
}) => {
  const orderNo = `GD-E2E-${Date.now().toString(36)}`;
  await newWorkOrder(request, orderNo);

  await openOrder(page, orderNo);
  await rowOf(body(page), orderNo).getByText('分享', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `分享工序进度 · ${orderNo}` });
  await expect(dialog.getByText('暂无有效的分享链接')).toBeVisible();
  await dialog.getByRole('button', { name: '生成链接' }).click();
  const linkBox = dialog.getByLabel('分享链接');
  await expect(linkBox).toHaveValue(/\/workOrderListProcedureStepInfo\?token=[\w-]{43}$/);
  const link = await linkBox.inputValue();
  await page.screenshot({ path: 'test-results/screenshots/work-order-share.png' });

  // a phone that has never signed in
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const visitor = await phone.newPage();
  await localOnly(visitor);
  const requests: string[] = [];
  visitor.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 2, name: '四羊方尊1:4复制品' })).toBeVisible();
  await expect(visitor.getByText(orderNo, { exact: true })).toBeVisible();
  await expect(visitor.getByText('生产中', { exact: true })).toBeVisible();
  const steps = visitor.getByRole('list', { name: '工序步骤' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('青铜铸造');
  await expect(steps.nth(0)).toContainText('李娜');
  await expect(steps.nth(0)).toContainText('已完成 2月6日');
  await expect(steps.nth(1)).toContainText('计划 20 · 实际 12');
  await expect(steps.nth(2)).toContainText('未完成');
  const photo = steps.nth(0).getByRole('img', { name: '第 1 步照片 1' });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await visitor.screenshot({ path: 'test-results/screenshots/work-order-steps-phone.png', fullPage: true });
  expect(await visitor.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(requests.some((u) => u.includes('getUserPermissionByToken'))).toBe(false);
  expect(requests.some((u) => /\/assets\/index-/.test(u))).toBe(false);

  // 撤销, confirmed: the same link now says it is invalid
  await dialog
    .getByRole('button', { name: spaced('撤销') })
    .first()
    .click();
  await popconfirmOk(page).click();
  await expect(dialog.getByText('暂无有效的分享链接')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('alert')).toHaveText('链接无效或已撤销');
  await expect(visitor.getByRole('list', { name: '工序步骤' })).toHaveCount(0);
  await visitor.screenshot({ path: 'test-results/screenshots/work-order-steps-revoked.png' });
  await phone.close();
});

test('生产工单: a clicked order’s 工序步骤 read by 序号, not newest first', async ({ page, request }) => {
  const admin = await adminToken(request);
  const orderNo = `GD-SEQ-${Date.now().toString(36)}`;
  const order = await api(request, admin, 'POST', '/production/workOrder/add', {
    orderNo,
    productId: 'prod-16',
    planQty: 5,
    planStart: '2026-04-01',
    planFinish: '2026-05-01',
    status: '2',
  });
  expect(order.success, order.message).toBe(true);
  // entered out of order: the last step first
  const steps: [number, string][] = [
    [3, 'proc-zj'],
    [1, 'proc-zz'],
    [2, 'proc-dm'],
  ];
  for (const [seq, procedureTypeId] of steps) {
    const r = await api(request, admin, 'POST', '/production/procedureStep/add', {
      seq,
      procedureTypeId,
      planQty: 5,
      workOrderId: order.result,
    });
    expect(r.success, r.message).toBe(true);
  }
  await openOrder(page, orderNo);
  await rowOf(body(page), orderNo).getByRole('cell').nth(2).click();
  const rows = body(page).getByRole('tabpanel').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (const [i, name] of ['青铜铸造', '打磨抛光', '质量检验'].entries())
    await expect(rows.nth(i)).toContainText(name);
});
