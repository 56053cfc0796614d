// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyDevice, deviceFor } from '../../src/app/layouts/device';
import { nextHeaderVisible } from '../../src/app/layouts/auto-hide-header';
import { settingsControls } from '../../src/app/settings/settings-rules';
import { applyPrimaryColor, THEME_FAILED, themeConfig } from '../../src/app/settings/theme';
import { settings, updateSetting } from '../../src/app/stores/settings';
import { storage } from '../../src/app/storage';
import { STORAGE_KEYS } from '../../src/core/constants';

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  updateSetting('layoutMode', 'sidemenu');
  updateSetting('fixedHeader', true);
  updateSetting('fixSiderbar', true);
  updateSetting('autoHideHeader', false);
  updateSetting('primaryColor', '#01a0e6');
});

describe('settings rules', () => {
  it('turning the fixed header off turns auto-hide off, and auto-hide needs a fixed header', async () => {
    updateSetting('autoHideHeader', true);
    expect(settings.autoHideHeader).toBe(true);
    updateSetting('fixedHeader', false);
    expect(settings.autoHideHeader).toBe(false);
    updateSetting('autoHideHeader', true);
    expect(settings.autoHideHeader).toBe(false);
    expect(settingsControls(settings).autoHideDisabled).toBe(true);
    await flush();
    expect(storage.get(STORAGE_KEYS.fixedHeaderHidden)).toBe(false);
    expect(storage.get(STORAGE_KEYS.fixedHeader)).toBe(false);
  });

  it('top-menu layout disallows the fixed sidebar', () => {
    updateSetting('layoutMode', 'topmenu');
    expect(settings.fixSiderbar).toBe(false);
    updateSetting('fixSiderbar', true);
    expect(settings.fixSiderbar).toBe(false);
    expect(settingsControls(settings)).toMatchObject({
      fixSiderbarDisabled: true,
      contentWidthApplies: true,
    });
    updateSetting('layoutMode', 'sidemenu');
    updateSetting('fixSiderbar', true);
    expect(settings.fixSiderbar).toBe(true);
    expect(settingsControls(settings)).toMatchObject({
      fixSiderbarDisabled: false,
      contentWidthApplies: false,
    });
  });

  it('builds the antd theme from the primary colour', () => {
    const t = themeConfig({ primaryColor: '#f5222d', navTheme: 'dark' });
    expect(t.token?.colorPrimary).toBe('#f5222d');
    expect(themeConfig({ primaryColor: 'nonsense', navTheme: 'light' }).token?.colorPrimary).toBe('#01a0e6');
  });

  it('applies a colour behind a loading message and reports a failure', async () => {
    const hide = vi.fn();
    const messages = { loading: vi.fn(() => hide), error: vi.fn() };
    expect(await applyPrimaryColor('#52c41a', messages)).toBe(true);
    expect(messages.loading).toHaveBeenCalledWith('正在编译主题！', 0);
    expect(settings.primaryColor).toBe('#52c41a');
    expect(hide).toHaveBeenCalled();
    expect(await applyPrimaryColor('not-a-colour', messages)).toBe(false);
    expect(messages.error).toHaveBeenCalledWith(THEME_FAILED);
    expect(THEME_FAILED).toBe('Failed to update theme');
    expect(settings.primaryColor).toBe('#52c41a');
  });
});

describe('device and header rules', () => {
  it('switches at 1087.99 and 767.99 px; mobile closes the sidebar', () => {
    expect(deviceFor(1440)).toBe('desktop');
    expect(deviceFor(1088)).toBe('desktop');
    expect(deviceFor(1087)).toBe('tablet');
    expect(deviceFor(768)).toBe('tablet');
    expect(deviceFor(767)).toBe('mobile');
    expect(deviceFor(390)).toBe('mobile');
    updateSetting('sidebarOpened', true);
    applyDevice('mobile');
    expect(settings.device).toBe('mobile');
    expect(settings.sidebarOpened).toBe(false);
    applyDevice('desktop');
    expect(settings.sidebarOpened).toBe(true);
  });

  it('auto-hides the header only after 100 px of scrolling down', () => {
    expect(nextHeaderVisible(0, 80, true)).toBe(true);
    expect(nextHeaderVisible(80, 120, true)).toBe(false);
    expect(nextHeaderVisible(120, 300, false)).toBe(false);
    expect(nextHeaderVisible(300, 250, false)).toBe(true);
    expect(nextHeaderVisible(250, 90, false)).toBe(true);
  });
});
