import { DEFAULT_TITLE } from '../../core/constants';
import { storage } from '../storage';

/** Platform info (systemName, logoUrl), stored by whoever loads it (login page / guard). */
export interface PlatformInfo {
  systemName?: string;
  logoUrl?: string;
}

/** not among the spec's listed keys; one shared name so the writer and the shell agree */
export const PLATFORM_INFO_KEY = 'PLATFORM_INFO';

export function readPlatformInfo(): PlatformInfo {
  return storage.get<PlatformInfo>(PLATFORM_INFO_KEY) ?? {};
}

/** the system name shown in the header and the document title; defaults to the museum platform title */
export function systemName(info: PlatformInfo = readPlatformInfo()): string {
  return info.systemName?.trim() || DEFAULT_TITLE;
}

/** a stored file path (logo, avatar) as a URL: absolute addresses as they are, others from the static file route */
export function fileUrl(path: string | null | undefined, apiBase: string): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  return `${apiBase}/sys/common/static/${path}`;
}
