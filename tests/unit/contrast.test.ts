// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { contrast, mix, readableOn } from '../../src/app/settings/contrast';
import { themeConfig } from '../../src/app/settings/theme';
import { DEFAULT_PRIMARY_COLOR } from '../../src/core/constants';

describe('text colours people can read (WCAG AA 4.5:1)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#01a0e6', '#ffffff')).toBeCloseTo(2.92, 1);
  });

  it('darkens a bright theme colour just enough, and leaves a dark one as it is', () => {
    const link = readableOn('#01a0e6');
    expect(contrast(link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // the lightest shade that reads: one step lighter does not
    expect(contrast(mix('#01a0e6', '#000000', 0.2), '#ffffff')).toBeLessThan(4.5);
    expect(readableOn('#1d39c4')).toBe('#1d39c4');
  });

  it('the theme uses the readable shade for links and selected items, the theme colour for fills', () => {
    const t = themeConfig({ primaryColor: DEFAULT_PRIMARY_COLOR, navTheme: 'dark' });
    expect(t.token?.colorPrimary).toBe(DEFAULT_PRIMARY_COLOR);
    expect(contrast(t.token!.colorLink!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const selected = (t.components?.Menu as { itemSelectedColor: string }).itemSelectedColor;
    expect(contrast(selected, mix(DEFAULT_PRIMARY_COLOR, '#ffffff', 0.9))).toBeGreaterThanOrEqual(4.5);
  });

  it('error text and the submenu holding the selection read 4.5:1 too', () => {
    const t = themeConfig({ primaryColor: DEFAULT_PRIMARY_COLOR, navTheme: 'light' });
    expect(contrast(t.token!.colorError!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const menu = t.components?.Menu as {
      subMenuItemSelectedColor: string;
      horizontalItemSelectedColor: string;
    };
    expect(contrast(menu.subMenuItemSelectedColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(menu.horizontalItemSelectedColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
