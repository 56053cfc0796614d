import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, message, Radio, Select, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { PRESET_COLORS } from '../../core/constants';
import {
  settings,
  updateSetting,
  type ContentWidth,
  type LayoutMode,
  type NavTheme,
} from '../stores/settings';
import { settingsControls } from './settings-rules';
import { applyPrimaryColor } from './theme';

/** names of the ten preset colours, in PRESET_COLORS order */
const COLOR_NAMES = [
  '默认',
  '拂晓蓝',
  '薄暮',
  '火山',
  '日暮',
  '明青',
  '极光绿',
  '极客蓝',
  '酱紫',
  '法式洋红',
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

  return (
    <Drawer title="系统设置" placement="right" size={300} open={open} onClose={onClose}>
      {messageHolder}
      <section aria-labelledby="setting-style">
        <h3 id="setting-style" className="shell-setting-title">
          整体风格设置
        </h3>
        <Radio.Group
          aria-labelledby="setting-style"
          value={s.navTheme}
          onChange={(e) => updateSetting('navTheme', e.target.value as NavTheme)}
          options={[
            { value: 'dark', label: '暗色菜单风格' },
            { value: 'light', label: '亮色菜单风格' },
          ]}
        />
      </section>
      <Divider />
      <section aria-labelledby="setting-color">
        <h3 id="setting-color" className="shell-setting-title">
          主题色
        </h3>
        <div className="shell-color-list" role="group" aria-labelledby="setting-color">
          {PRESET_COLORS.map((color, i) => (
            <Tooltip key={color} title={COLOR_NAMES[i]}>
              <button
                type="button"
                className="shell-color"
                style={{ background: color }}
                aria-label={`${COLOR_NAMES[i]} ${color}`}
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
          导航模式
        </h3>
        <Radio.Group
          aria-labelledby="setting-layout"
          value={s.layoutMode}
          onChange={(e) => updateSetting('layoutMode', e.target.value as LayoutMode)}
          options={[
            { value: 'sidemenu', label: '侧边栏导航' },
            { value: 'topmenu', label: '顶部栏导航' },
          ]}
        />
        <Row
          label="内容区域宽度"
          hint={controls.contentWidthApplies ? undefined : '该设定仅 [顶部栏导航] 时有效'}
        >
          <Select<ContentWidth>
            size="small"
            aria-label="内容区域宽度"
            style={{ width: 88 }}
            value={s.contentWidth}
            onChange={(v) => updateSetting('contentWidth', v)}
            options={[
              { value: 'Fixed', label: '固定' },
              { value: 'Fluid', label: '流式' },
            ]}
          />
        </Row>
        <Row label="固定 Header">
          <Switch
            size="small"
            aria-label="固定 Header"
            checked={s.fixedHeader}
            onChange={(v) => updateSetting('fixedHeader', v)}
          />
        </Row>
        <Row label="下滑时隐藏 Header" hint={controls.autoHideDisabled ? '固定 Header 时可配置' : undefined}>
          <Switch
            size="small"
            aria-label="下滑时隐藏 Header"
            checked={s.autoHideHeader}
            disabled={controls.autoHideDisabled}
            onChange={(v) => updateSetting('autoHideHeader', v)}
          />
        </Row>
        <Row label="固定侧边菜单" hint={controls.fixSiderbarDisabled ? '顶部栏导航时不可用' : undefined}>
          <Switch
            size="small"
            aria-label="固定侧边菜单"
            checked={s.fixSiderbar}
            disabled={controls.fixSiderbarDisabled}
            onChange={(v) => updateSetting('fixSiderbar', v)}
          />
        </Row>
      </section>
      <Divider />
      <section aria-labelledby="setting-other">
        <h3 id="setting-other" className="shell-setting-title">
          其他设置
        </h3>
        <Row label="色弱模式">
          <Switch
            size="small"
            aria-label="色弱模式"
            checked={s.colorWeak}
            onChange={(v) => updateSetting('colorWeak', v)}
          />
        </Row>
        <Row label="多页签模式">
          <Switch
            size="small"
            aria-label="多页签模式"
            checked={s.multipage}
            onChange={(v) => updateSetting('multipage', v)}
          />
        </Row>
      </section>
    </Drawer>
  );
}
