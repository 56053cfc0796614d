import { describe, expect, it } from 'vitest';
import {
  allKeys,
  grantDiff,
  grantPayload,
  halfCheckedKeys,
  parentKeys,
  toggleLinked,
  type GrantNode,
} from '../../renderers/grant/grant-keys';
import { isStrongPassword } from '../../src/core/validation/password';

const node = (key: string, children?: GrantNode[]): GrantNode => ({ key, title: key, children });

// 基础数据 ─ 计量单位 ─ 添加 / 编辑
//          └ 岗位
// 首页
const tree: GrantNode[] = [
  node('grp_base', [node('doc_unit', [node('doc_unit_add'), node('doc_unit_edit')]), node('doc_position')]),
  node('home'),
];

describe('the permission tree of 授权', () => {
  it('lists every key, parents first, and the parents 展开所有 expands', () => {
    expect(allKeys(tree)).toEqual([
      'grp_base',
      'doc_unit',
      'doc_unit_add',
      'doc_unit_edit',
      'doc_position',
      'home',
    ]);
    expect(parentKeys(tree)).toEqual(['grp_base', 'doc_unit']);
  });

  it('with 父子关联 on, checking grants the subtree and the groups above; unchecking takes the subtree and emptied groups', () => {
    const none = new Set<string>();
    const unit = toggleLinked(tree, none, 'doc_unit', true);
    expect([...unit].sort()).toEqual(['doc_unit', 'doc_unit_add', 'doc_unit_edit', 'grp_base']);
    const both = toggleLinked(tree, unit, 'doc_position', true);
    // the group keeps what is still granted below it
    expect([...toggleLinked(tree, both, 'doc_unit', false)].sort()).toEqual(['doc_position', 'grp_base']);
    // the last thing below a group goes: so does the group
    expect([...toggleLinked(tree, unit, 'doc_unit_add', false)].sort()).toEqual([
      'doc_unit',
      'doc_unit_edit',
      'grp_base',
    ]);
    expect([...toggleLinked(tree, unit, 'doc_unit', false)]).toEqual([]);
    // the set it was given is left alone
    expect(none.size).toBe(0);
  });

  it('shows partly checked the nodes that are not granted while something below them is', () => {
    expect(halfCheckedKeys(tree, new Set(['doc_unit_add']))).toEqual(['grp_base', 'doc_unit']);
    // a granted node shows checked, not partly
    expect(halfCheckedKeys(tree, new Set(['grp_base', 'doc_unit_add']))).toEqual(['doc_unit']);
    expect(halfCheckedKeys(tree, new Set(['home']))).toEqual([]);
  });

  it('a save sends the new set and the set it started from; the diff names what changes', () => {
    const last = new Set(['grp_base', 'doc_unit']);
    const next = new Set(['grp_base', 'doc_position']);
    expect(grantDiff(last, next)).toEqual({ added: ['doc_position'], removed: ['doc_unit'] });
    expect(grantPayload(last, next)).toEqual({
      permissionIds: 'grp_base,doc_position',
      lastpermissionIds: 'grp_base,doc_unit',
    });
    expect(grantDiff(last, new Set(last))).toEqual({ added: [], removed: [] });
    expect(grantPayload(new Set(), new Set())).toEqual({ permissionIds: '', lastpermissionIds: '' });
  });
});

describe('password strength (server and forms alike)', () => {
  it('needs 8 to 64 characters with a letter and a digit', () => {
    expect(isStrongPassword('Museum2026')).toBe(true);
    expect(isStrongPassword('abc12')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword(`a1${'x'.repeat(63)}`)).toBe(false);
  });
});
