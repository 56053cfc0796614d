import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, message, Radio, Select, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { PRESET_COLORS } from '../../core/constants';
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/zh-CN';
import {
  settings,
  updateSetting,
  type ContentWidth,
  type LayoutMode,
  type NavTheme,
} from '../stores/settings';
import { settingsControls } from './settings-rules';
import { applyPrimaryColor } from './theme';

/** the ten preset colours' names, in PRESET_COLORS order (read while rendering, so they follow the language) */
const COLOR_NAMES: MessageKey[] = [
  'settings.colorDefault',
  'settings.colorDaybreak',
  'settings.colorDusk',
  'settings.colorVolcano',
  'settings.colorSunset',
  'settings.colorCyan',
  'settings.colorGreen',
  'settings.colorGeekblue',
  'settings.colorPurple',
  'settings.colorMagenta',
];

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  const text = <span className="shell-setting-label">{label}</span>;
  return (
    <div className="shell-setting-row">
      {hint ? <Tooltip title={hint}>{text}</Tooltip> : text}
      {children}
    </div>
  );
}

export interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The theme and layout drawer; every choice goes through the persisted settings store. */
export default function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const s = useSnapshot(settings);
  const [messages, messageHolder] = message.useMessage();
  const controls = settingsControls(s);
  const primary = s.primaryColor.toLowerCase();
  const colorNames = COLOR_NAMES.map((key) => t(key));

  return (
    <Drawer title={t('header.settings')} placement="right" size={300} open={open} onClose={onClose}>
      {messageHolder}
      <section aria-labelledby="setting-style">
        <h3 id="setting-style" className="shell-setting-title">
          {t('settings.style')}
        </h3>
        <Radio.Group
          aria-labelledby="setting-style"
          value={s.navTheme}
          onChange={(e) => updateSetting('navTheme', e.target.value as NavTheme)}
          options={[
            { value: 'dark', label: t('settings.darkNav') },
            { value: 'light', label: t('settings.lightNav') },
          ]}
        />
      </section>
      <Divider />
      <section aria-labelledby="setting-color">
        <h3 id="setting-color" className="shell-setting-title">
          {t('settings.color')}
        </h3>
        <div className="shell-color-list" role="group" aria-labelledby="setting-color">
          {PRESET_COLORS.map((color, i) => (
            <Tooltip key={color} title={colorNames[i]}>
              <button
                type="button"
                className="shell-color"
                style={{ background: color }}
                aria-label={`${colorNames[i]} ${color}`}
                aria-pressed={primary === color}
                onClick={() => void applyPrimaryColor(color, messages)}
              >
                {primary === color && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>
      </section>
      <Divider />
      <section aria-labelledby="setting-layout">
        <h3 id="setting-layout" className="shell-setting-title">
          {t('settings.layout')}
        </h3>
        <Radio.Group
          aria-labelledby="setting-layout"
          value={s.layoutMode}
          onChange={(e) => updateSetting('layoutMode', e.target.value as LayoutMode)}
          options={[
            { value: 'sidemenu', label: t('settings.sideMenu') },
            { value: 'topmenu', label: t('settings.topMenu') },
          ]}
        />
        <Row
          label={t('settings.contentWidth')}
          hint={controls.contentWidthApplies ? undefined : t('settings.contentWidthHint')}
        >
          <Select<ContentWidth>
            size="small"
            aria-label={t('settings.contentWidth')}
            style={{ width: 88 }}
            value={s.contentWidth}
            onChange={(v) => updateSetting('contentWidth', v)}
            options={[
              { value: 'Fixed', label: t('settings.fixed') },
              { value: 'Fluid', label: t('settings.fluid') },
            ]}
          />
        </Row>
        <Row label={t('settings.fixedHeader')}>
          <Switch
            size="small"
            aria-label={t('settings.fixedHeader')}
            checked={s.fixedHeader}
            onChange={(v) => updateSetting('fixedHeader', v)}
          />
        </Row>
        <Row
          label={t('settings.autoHideHeader')}
          hint={controls.autoHideDisabled ? t('settings.autoHideHint') : undefined}
        >
          <Switch
            size="small"
            aria-label={t('settings.autoHideHeader')}
            checked={s.autoHideHeader}
            disabled={controls.autoHideDisabled}
            onChange={(v) => updateSetting('autoHideHeader', v)}
          />
        </Row>
        <Row
          label={t('settings.fixSider')}
          hint={controls.fixSiderbarDisabled ? t('settings.fixSiderHint') : undefined}
        >
          <Switch
            size="small"
            aria-label={t('settings.fixSider')}
            checked={s.fixSiderbar}
            disabled={controls.fixSiderbarDisabled}
            onChange={(v) => updateSetting('fixSiderbar', v)}
          />
        </Row>
      </section>
      <Divider />
      <section aria-labelledby="setting-other">
        <h3 id="setting-other" className="shell-setting-title">
          {t('settings.other')}
        </h3>
        <Row label={t('settings.colorWeak')}>
          <Switch
            size="small"
            aria-label={t('settings.colorWeak')}
            checked={s.colorWeak}
            onChange={(v) => updateSetting('colorWeak', v)}
          />
        </Row>
        <Row label={t('settings.multipage')}>
          <Switch
            size="small"
            aria-label={t('settings.multipage')}
            checked={s.multipage}
            onChange={(v) => updateSetting('multipage', v)}
          />
        </Row>
      </section>
    </Drawer>
  );
}
