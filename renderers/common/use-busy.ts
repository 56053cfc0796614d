import { useState } from 'react';
import { reportThrown } from './failure';

/**
 * A button's call to the server: busy while it runs; what it throws is reported (HTTP failures
 * were already shown by the client).
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      reportThrown(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
