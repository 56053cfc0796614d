import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, get, post, put, uniq } from './setup/client';

/**
 * Issue 9 §2: every umeditor field of every document is cleaned by the generic write, on add and on
 * edit alike (no script, no event handler, no javascript: link), and a JSON code field holds only
 * JSON. Proven on the demo 展品说明 and on 通知公告, a system document with a rich-text field.
 */

const API = '/museum/exhibitNote';
const HOSTILE =
  '<p onclick="steal()">展签<script>alert(1)</script><a href="javascript:alert(1)">详情</a>' +
  '<img src="https://img.example/a.png" onerror="alert(2)"><svg onload="alert(3)"></svg>' +
  '<a href="JaVaScRiPt:alert(4)">二</a><strong>西周</strong></p>';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

const read = async (path: string, id: string) => (await get(`${path}/queryById`, admin, { id })).json.result;

function expectInert(html: string) {
  for (const bad of ['<script', 'alert', 'onclick', 'onerror', 'onload', 'javascript:', '<svg'])
    expect(html.toLowerCase(), bad).not.toContain(bad.toLowerCase());
}

describe('rich text is cleaned on every write', () => {
  it('the generic add and edit store a script, an onerror and a javascript: link inert', async () => {
    const added = await post(`${API}/add`, { title: `鼎${uniq()}`, label: HOSTILE }, admin);
    expect(added.json, added.json.message).toMatchObject({ success: true });
    const stored = (await read(API, added.json.result)).label as string;
    expectInert(stored);
    // what the editor made stays
    expect(stored).toContain('<strong>西周</strong>');
    expect(stored).toContain('<img src="https://img.example/a.png" />');
    expect(stored).toContain('<a>详情</a>');

    const edited = await put(
      `${API}/edit`,
      { id: added.json.result, label: `<p>新展签</p><img src="temp/x.png" onerror="alert(5)">${HOSTILE}` },
      admin,
    );
    expect(edited.json, edited.json.message).toMatchObject({ success: true });
    const again = (await read(API, added.json.result)).label as string;
    expectInert(again);
    expect(again).toContain('<p>新展签</p><img src="temp/x.png" />');
  });

  it('any document with a umeditor field: the announcement content too', async () => {
    const { json } = await post(
      '/sys/annountCement/add',
      { titile: `通告${uniq()}`, msgContent: HOSTILE, msgCategory: '1', msgType: 'ALL' },
      admin,
    );
    expect(json, json.message).toMatchObject({ success: true });
    const content = (await read('/sys/annountCement', json.result)).msgContent as string;
    expectInert(content);
    expect(content).toContain('<strong>西周</strong>');
  });
});

describe('code fields', () => {
  it('a JSON field refuses what is not JSON, naming the field; SQL and JSON are kept as written', async () => {
    const bad = await post(`${API}/add`, { title: `壶${uniq()}`, display: '{"rows": 3,}' }, admin);
    expect(bad.json).toMatchObject({ success: false });
    expect(bad.json.result.errors).toEqual([
      { field: 'display', message: expect.stringMatching(/^展示配置不是合法的 JSON/) },
    ]);
    const display = '{\n  "rows": 3,\n  "layout": "grid"\n}';
    const source = 'select name\n  from museum_exhibit_note\n where id = :id';
    const ok = await post(`${API}/add`, { title: `壶${uniq()}`, display, source }, admin);
    expect(ok.json, ok.json.message).toMatchObject({ success: true });
    expect(await read(API, ok.json.result)).toMatchObject({ display, source });
  });
});
