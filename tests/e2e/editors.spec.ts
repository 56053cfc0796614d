import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  adminToken,
  api,
  body,
  expect,
  loginAs,
  rowOf,
  shot,
  spaced,
  takeCspViolations,
  test,
} from './fixtures';

/**
 * Issue 9 §2: the markdown, rich-text and code editors of the demo 展品说明, as staff use them: a
 * pasted picture is uploaded and inserted as ![remark](path), a script saved in rich text comes back
 * inert, a JSON field refuses what does not parse and keeps what the code editor wrote.
 */

const PNG = fs.readFileSync(path.resolve('fixtures/files/avatar.png')).toString('base64');

/** a shown picture: its bytes were read (with the session) and decoded */
const decoded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth);

/** pastes a PNG file into an element, as the clipboard of a screenshot tool would */
async function pastePng(target: Locator, name: string): Promise<void> {
  await target.evaluate(
    (el, { data, name }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([bytes], name, { type: 'image/png' }));
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    },
    { data: PNG, name },
  );
}

/** replaces a CodeMirror editor's text, as typed (no bracket closing in between) */
async function typeCode(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

test('展品说明: markdown with a pasted picture, rich text made inert, JSON checked in the code editor', async ({
  page,
  request,
}) => {
  // three editors load and a picture uploads: on two shared cores this outlasts the default 120 s
  test.setTimeout(300_000);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  const title = `青铜鼎${Date.now().toString(36)}`;
  await loginAs(page);
  await page.goto('/online/cgformList/museum_exhibit_note');
  await expect(page.getByRole('heading', { level: 1, name: '展品说明' })).toBeVisible({ timeout: 30_000 });
  await body(page).getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '新增' });
  await add.getByLabel('展品名称').fill(title);

  // markdown: typed, previewed, and a pasted picture uploaded and inserted with its name as remark
  const markdown = add.locator('[data-field-editor=markdown]');
  const source = markdown.locator('.toastui-editor-md-container .ProseMirror');
  await source.click();
  await page.keyboard.type('# 西周青铜鼎');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('三足两耳，');
  await expect(markdown.locator('.toastui-editor-md-preview h1')).toHaveText('西周青铜鼎');
  // Ctrl+V in Toast UI's markdown mode lands in its clipboard catcher, which takes a pasted picture
  await pastePng(markdown.locator('textarea.toastui-editor-pseudo-clipboard'), 'ding-front.png');
  await expect(page.getByText('ding-front.png 上传成功!')).toBeVisible();
  await expect(source).toContainText(/!\[ding-front\]\(temp\/ding-front_[\w-]+\.png\)/);
  const previewImage = markdown.locator('.toastui-editor-md-preview img[alt=ding-front]');
  await expect.poll(() => decoded(previewImage)).toBe(96);

  // rich text with a script, an event handler and a javascript: link, entered as HTML source
  const richText = add.locator('[data-field-editor=umeditor]');
  await richText.getByRole('button', { name: '源代码' }).click();
  const sourceDialog = page.getByRole('dialog', { name: '源代码' });
  await sourceDialog
    .locator('textarea')
    .fill(
      '<p>展签<strong>西周</strong></p><img src="temp/none.png" onerror="alert(1)">' +
        '<script>alert(2)</script><p><a href="javascript:alert(3)">详情链接</a></p>',
    );
  await sourceDialog.getByRole('button', { name: '保存' }).click();
  await expect(sourceDialog).toBeHidden();

  // a JSON field: what does not parse is refused in the form, with the field's name
  const json = add.locator('[data-field-editor=code][data-language=json]');
  await typeCode(page, json, '{"rows": 3,}');
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add.getByText(/^展示配置不是合法的 JSON/)).toBeVisible();
  await typeCode(page, json, '{\n  "rows": 3\n}');
  await typeCode(page, add.locator('[data-field-editor=code][data-language=sql]'), 'select 1');
  await shot(page, 'museum-exhibit-note-add');
  await add.getByRole('button', { name: spaced('确定') }).click();
  await expect(add).toBeHidden({ timeout: 30_000 });
  // the editor showed the HTML as entered (the server cleans it): the page's CSP refused its handler
  const refused = takeCspViolations(page);
  expect(refused.length, refused.join('\n')).toBeGreaterThan(0);
  for (const v of refused) expect(v).toMatch(/inline event handler|script-src-attr/);

  // the list shows words, not markup
  const row = rowOf(body(page), title);
  // (the cell cuts long text: ellipsis 25)
  await expect(row).toContainText('西周青铜鼎 三足两耳，ding');
  await expect(row).toContainText('展签西周 详情链接');
  await expect(row).not.toContainText('#');
  await expect(row).not.toContainText('<');

  const admin = await adminToken(request);
  const stored = (await api(request, admin, 'GET', `/museum/exhibitNote/list?title=${title}`)).result
    .records[0];
  expect(stored.guide).toMatch(/^# 西周青铜鼎\n\n三足两耳，!\[ding-front\]\(temp\/ding-front_[\w-]+\.png\)$/);
  expect(stored.display).toBe('{\n  "rows": 3\n}');
  for (const bad of ['<script', 'onerror', 'javascript:', 'alert']) expect(stored.label).not.toContain(bad);

  // the detail: the markdown rendered with its picture, the rich text inert, the code read-only
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });
  await expect(detail.locator('[data-field-display=markdown] h1')).toHaveText('西周青铜鼎');
  await expect
    .poll(() => decoded(detail.locator('[data-field-display=markdown] img[alt=ding-front]')))
    .toBe(96);
  const label = detail.locator('[data-field-display=umeditor]');
  await expect(label.locator('strong')).toHaveText('西周');
  await expect(label.locator('script, [onerror], a[href^="javascript"]')).toHaveCount(0);
  await expect(detail.locator('[data-field-editor=code][data-language=json] .cm-content')).toHaveAttribute(
    'contenteditable',
    'false',
  );
  await shot(page, 'museum-exhibit-note-detail');
  expect(alerts).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // the JSON edited again in the code editor
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑' });
  await typeCode(
    page,
    edit.locator('[data-field-editor=code][data-language=json]'),
    '{"rows": 4, "layout": "grid"}',
  );
  await edit.getByRole('button', { name: spaced('确定') }).click();
  await expect(edit).toBeHidden({ timeout: 30_000 });
  const edited = (await api(request, admin, 'GET', `/museum/exhibitNote/list?title=${title}`)).result
    .records[0];
  expect(edited.display).toBe('{"rows": 4, "layout": "grid"}');
  expect(edited.guide).toBe(stored.guide);
});

test('详细信息 shows rich text and markdown as text, never in an editor, and nothing in them runs', async ({
  page,
  request,
}) => {
  const title = `展签只读${Date.now().toString(36)}`;
  const admin = await adminToken(request);
  const added = await api(request, admin, 'POST', '/museum/exhibitNote/add', {
    title,
    // markdown is stored as written: its raw HTML is for the display to make harmless
    guide:
      '# 讲解要点\n\n三足两耳，**西周**晚期。\n\n<script>window.__ran = "markdown script"</script>\n\n' +
      '<img src="temp/none.png" onerror="window.__ran = \'markdown onerror\'">',
    label: '<p>展签<strong>西周</strong>青铜鼎</p><p>高 38 厘米</p>',
  });
  expect(added.success).toBe(true);
  await loginAs(page);
  await page.goto('/online/cgformList/museum_exhibit_note');
  const row = rowOf(body(page), title);
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog', { name: '详细信息' });

  const label = detail.locator('[data-field-display=umeditor]');
  await expect(label).toHaveText('展签西周青铜鼎高 38 厘米');
  await expect(label.locator('strong')).toHaveText('西周');
  const guide = detail.locator('[data-field-display=markdown]');
  await expect(guide.locator('h1')).toHaveText('讲解要点');
  await expect(guide.locator('strong')).toHaveText('西周');
  // no editor: no toolbar, no editing surface, no frame, and the text takes the height it needs
  await expect(detail.locator('.tox, .toastui-editor-toolbar, [role=toolbar], iframe')).toHaveCount(0);
  await expect(detail.locator('[contenteditable=true]')).toHaveCount(0);
  expect((await label.boundingBox())!.height).toBeLessThan(120);
  // the script and the handler are gone, and neither ran
  await expect(detail.locator('script, [onerror]')).toHaveCount(0);
  await expect(guide.locator('img')).toHaveCount(1);
  expect(await page.evaluate(() => (window as { __ran?: string }).__ran)).toBeUndefined();
  // Toast UI's markdown renderer still parses the raw HTML in the page once: the picture's onerror is
  // refused there by the Content-Security-Policy, the one violation this page makes
  const refused = takeCspViolations(page);
  for (const v of refused) expect(v).toMatch(/inline event handler|script-src-attr/);
  await shot(page, 'museum-exhibit-note-detail-text');
});
