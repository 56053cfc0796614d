import { useState } from 'react';

/**
 * Whether a dialog has been opened at least once: the header's dialogs and drawer load their module
 * on their first opening (a first visit carries none of them) and stay mounted after it, so they
 * close with their animation and keep what they hold.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
