import { useEffect } from 'react';
import { DESKTOP_MIN_WIDTH, MOBILE_MAX_WIDTH } from '../../core/constants';
import { settings, updateSetting, type Device } from '../stores/settings';

/** breakpoints: up to 767.99px mobile, up to 1087.99px tablet, wider desktop */
export function deviceFor(width: number): Device {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

/** applies a device change: mobile closes the sidebar (a drawer there); leaving mobile opens it again */
export function applyDevice(next: Device): void {
  const prev = settings.device;
  if (prev === next) return;
  settings.device = next;
  if (next === 'mobile') updateSetting('sidebarOpened', false);
  else if (prev === 'mobile') updateSetting('sidebarOpened', true);
}

/** keeps settings.device in step with the window width */
export function useDeviceDetection(): void {
  useEffect(() => {
    const update = () => applyDevice(deviceFor(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}
