import { useState } from 'react';
import { Drawer } from 'antd';
import { drawerParams, type DrawerParams } from '../../src/core/actions/drawer';
import { rowTitle } from '../../src/core/actions/types';
import type { Row } from '../list/columns';
import { DocumentList } from '../list/ListPage';
import { REFRESH } from './refresh';
import type { RunAction } from './types';

/** the other document's list, narrowed to the row's values (a new record gets them too) */
function ListDrawer({ p, row, onClose }: { p: DrawerParams; row: Row; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const fixed = Object.fromEntries(
    Object.entries(p.filter).map(([listField, rowField]) => [listField, String(row[rowField] ?? '')]),
  );
  return (
    <Drawer
      title={rowTitle(p.title, row)}
      open={open}
      size={960}
      onClose={() => setOpen(false)}
      afterOpenChange={(shown) => !shown && onClose()}
      destroyOnHidden
    >
      <DocumentList nested code={p.document} fixed={fixed} />
    </Drawer>
  );
}

/** drawer (src/core/actions/drawer.ts): the row's drawer over the list */
const run: RunAction = async (action, { row }, ctx) => {
  if (!row) return; // shown on rows only (its places)
  const p = drawerParams(action);
  const closed = (close: () => void) => () => {
    close();
    // a failure keeps the stored copy; the next page load fetches it again
    if (p.refreshes) void REFRESH[p.refreshes]().catch(() => undefined);
  };
  ctx.show((close) => <ListDrawer p={p} row={row} onClose={closed(close)} />);
};

export default run;
