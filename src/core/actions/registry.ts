import { call } from './call';
import { drawer } from './drawer';
import { form } from './form';
import { grant } from './grant';
import { members } from './members';
import { share } from './share';
import { tryRule } from './try';
import type { ActionKindDef } from './types';

/**
 * Every action kind, registered once under the name documents use, as field types are
 * (src/core/fields/registry.ts): the meta-schema's kind enum (npm run schemas:meta), schemas:check
 * and the browser's registry (renderers/actions/registry.ts, complete by type) follow this list.
 */
export const ACTION_KINDS = {
  call,
  form,
  try: tryRule,
  share,
  grant,
  drawer,
  members,
} satisfies Record<string, ActionKindDef>;

export type ActionKind = keyof typeof ACTION_KINDS;
export const ACTION_KIND_NAMES = Object.keys(ACTION_KINDS) as ActionKind[];

export const isActionKind = (name: string): name is ActionKind => name in ACTION_KINDS;
