// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../renderers/fields/umeditor/clean-html';
import { sanitizeRichText } from '../../src/server/rich-text/sanitize';

/** the cleaned HTML as the page would hold it */
function shown(html: string): string {
  const box = document.createElement('div');
  box.append(cleanHtml(html));
  return box.innerHTML;
}

/** an HTML string as the browser reads it (attribute quoting and order as the DOM writes them) */
function parsed(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.innerHTML;
}

const DIRTY = [
  '<p>展签<strong>西周</strong></p><img src="temp/none.png" onerror="alert(1)"><script>alert(2)</script>',
  '<p><a href="javascript:alert(3)">详情</a><a href="java&#x09;script:alert(4)">x</a><a href=" JaVaScRiPt:alert(5)">y</a></p>',
  '<img src="data:image/svg+xml,<svg onload=alert(6)>"><img src="//evil.example/x.png"><a href="/\\evil.example">z</a>',
  '<svg><script>alert(7)</script><text>svg文字</text></svg><iframe src="https://evil.example"></iframe><math><mi>m</mi></math>',
  '<form action="https://evil.example"><input name="pwd"><button formaction="javascript:alert(8)">提交</button></form>',
  '<p style="color: red; position: fixed; background-image: url(javascript:alert(9)); font-size: 14px">样式</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(10)>"></p></noscript><style>p{}</style><!-- 注释 -->',
  '<table><tr><td colspan="2" onclick="alert(11)" data-x="1">格</td></tr></table><a href="https://example.com" target="_blank">外链</a>',
];

describe('rich text in a detail: the browser cleans it by the server policy', () => {
  it('keeps text, formatting, tables, pictures, links and harmless styles', () => {
    expect(
      shown(
        '<h2 style="text-align: center">西周青铜鼎</h2><p>三足<strong>两耳</strong>，<em>铭文</em><br>' +
          '<a href="https://example.com/a?b=1" title="说明">链接</a> <a href="mailto:a@b.cn">信</a></p>' +
          '<img src="temp/ding_ab12.png" alt="鼎" width="96"><img src="https://example.com/d.png">' +
          '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table><span style="color: #c00; font-weight: bold">红</span>',
      ),
    ).toBe(
      '<h2 style="text-align:center">西周青铜鼎</h2><p>三足<strong>两耳</strong>，<em>铭文</em><br>' +
        '<a href="https://example.com/a?b=1" title="说明">链接</a> <a href="mailto:a@b.cn">信</a></p>' +
        '<img src="temp/ding_ab12.png" alt="鼎" width="96"><img src="https://example.com/d.png">' +
        '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table><span style="color:#c00;font-weight:bold">红</span>',
    );
  });

  it('drops scripts with their code, handlers, forms, frames and script-bearing addresses', () => {
    const html = shown(DIRTY.join(''));
    for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'javascript', 'data:', 'evil', '<iframe'])
      expect(html).not.toContain(bad);
    for (const bad of ['<svg', '<form', '<input', '<button', 'position', 'url(', '<style', '<!--', 'data-x'])
      expect(html).not.toContain(bad);
    // the words stay where their element went
    expect(html).toContain('提交');
    expect(html).toContain('<p style="color:red;font-size:14px">样式</p>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">外链</a>',
    );
  });

  it('shows what the server stored exactly as stored: one policy, on write and on display', () => {
    for (const dirty of DIRTY) {
      const stored = sanitizeRichText(dirty)!;
      expect(shown(stored), dirty).toBe(parsed(stored));
    }
  });
});
