import { describe, expect, it } from 'vitest';
import { FIELD_TYPE_NAMES } from '../../src/core/fields/registry';
import { editorName, FIELD_RENDERERS } from '../../renderers/fields/registry';
import { widgets } from '../../renderers/form/widgets';

const BUILTIN = ['textarea', 'password', 'hidden'];

describe('the browser field registry', () => {
  it('has a renderer for every type core registers, and nothing core does not know', () => {
    expect(Object.keys(FIELD_RENDERERS).sort()).toEqual([...FIELD_TYPE_NAMES].sort());
  });

  it("every type's editor is a widget the form registers (or one of rjsf's own)", () => {
    for (const type of FIELD_TYPE_NAMES) {
      const name = editorName({ type });
      if (name === undefined || BUILTIN.includes(name)) continue;
      expect(widgets[name], `${type} → ${name}`).toBeDefined();
    }
  });
});
