import { expect } from 'vitest';
import { ImportError } from '../../../src/server/excel/limits';

/** awaits a read that must be refused with an ImportError; its message for the user */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return (error as Error).message;
}
