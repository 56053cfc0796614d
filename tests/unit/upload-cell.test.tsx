// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldDoc } from '../../src/core/document/types';
import { UploadCell } from '../../renderers/fields/UploadCell';
import type { DataProvider } from '../../renderers/providers';
import type { Envelope } from '../../src/core/wire';
import { stubAntdDom } from './support/antd-dom';
import { testProviders } from './support/providers';

beforeAll(stubAntdDom);
afterEach(cleanup);

const field: FieldDoc = { key: 'attachment', title: '附件', type: 'file', allowRemove: true };

/** an upload the test finishes by hand: its progress reported, then the server's answer */
function pendingUpload() {
  let progress: (percent: number) => void = () => {};
  let answer: (e: Envelope<unknown>) => void = () => {};
  const upload = (_url: string, _form: FormData, onProgress?: (p: number) => void) =>
    new Promise<Envelope<unknown>>((resolve) => {
      progress = onProgress ?? progress;
      answer = resolve;
    });
  return {
    upload: upload as DataProvider['upload'],
    progress: (p: number) => progress(p),
    answer: (e: Envelope<unknown>) => answer(e),
  };
}

const choose = (container: HTMLElement, name: string) => {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })] } });
};

describe('upload cell ("Upload cell")', () => {
  it('uploading shows its percent; a refusal keeps the server message in red; removing clears it', async () => {
    const sending = pendingUpload();
    testProviders({ upload: sending.upload });
    const onChange = vi.fn();
    const { container } = render(
      <UploadCell
        id="c"
        field={field}
        value={undefined}
        invalid={false}
        onChange={onChange}
        onBlur={() => {}}
      />,
    );
    choose(container, '合同.pdf');
    await waitFor(() => expect(screen.getByLabelText('上传中')).toBeTruthy());
    act(() => sending.progress(40));
    expect(container.textContent).toContain('40%');
    // the upload button waits for this one
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
    await act(async () =>
      sending.answer({ success: false, message: '文件过大', code: 500, timestamp: 0, result: null }),
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('文件过大');
    expect(status.className).toMatch(/cellError/);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '删除附件' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('done: the path is stored and a check mark shows; a file of another type is refused before sending', async () => {
    const sending = pendingUpload();
    testProviders({ upload: sending.upload });
    const onChange = vi.fn();
    const { container, rerender } = render(
      <UploadCell
        id="c"
        field={field}
        value={undefined}
        invalid={false}
        onChange={onChange}
        onBlur={() => {}}
      />,
    );
    choose(container, '说明.exe');
    expect((await screen.findByRole('status')).textContent).toContain('文件格式有误,仅支持');
    choose(container, '合同.pdf');
    await waitFor(() => expect(screen.getByLabelText('上传中')).toBeTruthy());
    const stored = { filePath: 'temp/合同_1700000000000abcdef.pdf', fileName: '合同.pdf' };
    await act(async () =>
      sending.answer({ success: true, message: '', code: 200, timestamp: 0, result: [stored] }),
    );
    expect(onChange).toHaveBeenCalledWith('temp/合同_1700000000000abcdef.pdf');
    rerender(
      <UploadCell
        id="c"
        field={field}
        value="temp/合同_1700000000000abcdef.pdf"
        invalid={false}
        onChange={onChange}
        onBlur={() => {}}
      />,
    );
    expect(screen.getByLabelText('上传完成')).toBeTruthy();
    expect(container.textContent).toContain('合同.pdf');
    // one file is the cell's cap (no uploadnum): no second upload offered
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
  });
});
