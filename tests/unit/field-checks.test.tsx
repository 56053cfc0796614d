// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useFieldChecks, type FieldCheck } from '../../renderers/form/use-field-checks';

/** a check whose answers the test releases one by one, in any order */
function controlledCheck() {
  const calls: { value: string; recordId?: string; answer: (m: string | null) => void }[] = [];
  const check: FieldCheck = (value, _data, recordId) =>
    new Promise((resolve) => calls.push({ value, recordId, answer: resolve }));
  return { check, calls };
}

describe('field checks while typing', () => {
  it('checks the value once typing pauses, with the edited record’s id, and shows a refusal under the field', async () => {
    const { check, calls } = controlledCheck();
    const { result } = renderHook(() => useFieldChecks({ itemValue: check }, 'rec-1'));
    act(() => {
      result.current.changed({}, { itemValue: '1' });
      result.current.changed({ itemValue: '1' }, { itemValue: '12' });
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    // only the value typed last was sent
    expect(calls[0]).toMatchObject({ value: '12', recordId: 'rec-1' });
    await act(async () => calls[0].answer('该值不可用，系统中已存在！'));
    expect(result.current.errors).toEqual({ itemValue: { __errors: ['该值不可用，系统中已存在！'] } });

    // a new value clears the message at once; a usable one leaves it cleared
    act(() => result.current.changed({ itemValue: '12' }, { itemValue: '9' }));
    expect(result.current.errors).toBeUndefined();
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].answer(null));
    expect(result.current.errors).toBeUndefined();
  });

  it('an answer for an older value never shows, and an emptied field is not checked', async () => {
    const { check, calls } = controlledCheck();
    const { result } = renderHook(() => useFieldChecks({ code: check }, undefined));
    act(() => result.current.changed({}, { code: 'A' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.changed({ code: 'A' }, { code: 'B' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => {
      calls[1].answer(null);
      calls[0].answer('A 已存在');
    });
    expect(result.current.errors).toBeUndefined();

    act(() => result.current.changed({ code: 'B' }, { code: '' }));
    // other fields' changes do not check this one either
    act(() => result.current.changed({ code: '', name: 'x' }, { code: '', name: 'y' }));
    await new Promise((r) => setTimeout(r, 500));
    expect(calls).toHaveLength(2);
  });
});
