// @vitest-environment jsdom
// (a part may load a browser library at once: the markdown display loads Toast UI's viewer)
import { describe, expect, it } from 'vitest';
import { FIELD_TYPE_NAMES } from '../../src/core/fields/registry';
import { loadedPart, type PartLoader } from '../../renderers/common/lazy-parts';
import { editorName, FORM_PARTS, loadFieldParts, loadFormParts, partsOf } from '../../renderers/fields/parts';
import { FIELD_PARTS } from '../../renderers/fields/registry';
import type { FieldPartName } from '../../renderers/fields/types';
import { formWidgets } from '../../renderers/form/widgets';

const BUILTIN = ['textarea', 'password', 'hidden'];
const PARTS: FieldPartName[] = [
  'editor',
  'display',
  'cell',
  'search',
  'condition',
  'rangeSearch',
  'gridEditor',
];
const every = FIELD_TYPE_NAMES.map((type) => ({ type }));

describe('the browser field registry', () => {
  it('has parts for every type core registers, and nothing core does not know', () => {
    expect(Object.keys(FIELD_PARTS).sort()).toEqual([...FIELD_TYPE_NAMES].sort());
  });

  it("every part a type registers loads a module whose default is the part's component", async () => {
    await loadFieldParts(every, PARTS);
    for (const { type } of every)
      for (const name of PARTS) {
        const load = partsOf({ type })[name];
        if (typeof load !== 'function') continue;
        expect(typeof loadedPart(load as PartLoader), `${type}.${name}`).toMatch(/function|object/);
      }
  });

  it("every type's editor is a widget the form registers once loaded (or one of rjsf's own)", async () => {
    await loadFieldParts(every, FORM_PARTS);
    const widgets = formWidgets(every);
    for (const { type } of every) {
      const name = editorName({ type });
      if (name === undefined || BUILTIN.includes(name)) continue;
      const load = partsOf({ type }).editor;
      expect(widgets[name], `${type} → ${name}`).toBe(typeof load === 'function' && loadedPart(load));
    }
  });

  it('a detail draws rich text and markdown with their display, every other type with its editor', async () => {
    await loadFormParts(every, true);
    const widgets = formWidgets(every, true);
    for (const { type } of every) {
      const display = partsOf({ type }).display;
      const name = editorName({ type }, true);
      if (!display) {
        expect(name, type).toBe(editorName({ type }));
        continue;
      }
      expect(name, type).toBe(`display:${type}`);
      expect(widgets[name!], type).toBe(loadedPart(display));
    }
    expect(editorName({ type: 'umeditor' }, true)).toBe('display:umeditor');
    expect(editorName({ type: 'markdown' }, true)).toBe('display:markdown');
  });
});
