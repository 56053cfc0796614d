// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import PageCache from '../../src/app/tabs/PageCache';
import { stubAntdDom } from './support/antd-dom';

beforeAll(stubAntdDom);
afterEach(cleanup);

let broken = true;
function Exhibits() {
  if (broken) throw new Error('展品列表无法显示');
  return <p>展品列表</p>;
}

describe('a routed page that fails while rendering', () => {
  it('shows what failed and where in its own tab; a kept page of another tab stays; 重试 renders again', async () => {
    // React reports the caught error on the console; the test is about what the user sees
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const props = { openPaths: ['/home', '/online/cgformList/exhibit'], enabled: true, reloadKeys: {} };
    const { rerender } = render(
      <PageCache {...props} element={<p>首页内容</p>} current={{ fullPath: '/home', keepAlive: true }} />,
    );
    rerender(
      <PageCache
        {...props}
        element={<Exhibits />}
        current={{ fullPath: '/online/cgformList/exhibit', keepAlive: false }}
      />,
    );
    // antd's Result loads with the first failure shown (renderers/common/LazyResult.tsx)
    expect(await screen.findByText('页面出错了', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('/online/cgformList/exhibit：展品列表无法显示')).toBeTruthy();
    // the kept-alive home page is still mounted (hidden) beside it
    expect(screen.getByText('首页内容')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(screen.getByText('展品列表')).toBeTruthy();
  });
});
