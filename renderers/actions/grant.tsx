import { useState } from 'react';
import { GRANT_SOURCES, grantParams, type GrantParams } from '../../src/core/actions/grant';
import type { Row } from '../list/columns';
import { DataRulePanel } from '../grant/DataRulePanel';
import { GrantDrawer, type GrantOwner } from '../grant/GrantDrawer';
import type { GrantNode } from '../grant/grant-keys';
import { ownerGrants } from '../grant/grant-sources';
import type { RunAction } from './types';

/** 授权 of one row: its grants in the tree editor, and for a role a menu's data rules beside it */
function Grant({ p, row, onClose }: { p: GrantParams; row: Row; onClose: () => void }) {
  const [owner, setOwner] = useState<GrantOwner | null>({
    id: String(row.id),
    name: String(row[p.nameField]),
  });
  const [ruleMenu, setRuleMenu] = useState<GrantNode | null>(null);
  // one source object per editor: the drawer reads again when its source changes
  const [source] = useState(() => ownerGrants(p.source, row));
  const dataRules = GRANT_SOURCES[p.source].dataRules;
  return (
    <GrantDrawer
      title={p.title}
      source={source}
      owner={owner}
      onClose={() => {
        setRuleMenu(null);
        setOwner(null);
      }}
      afterClose={onClose}
      onRuleNode={dataRules ? setRuleMenu : undefined}
    >
      {dataRules && owner && (
        <DataRulePanel roleId={owner.id} menu={ruleMenu} onClose={() => setRuleMenu(null)} />
      )}
    </GrantDrawer>
  );
}

/** grant: the row's grant editor over the list (src/core/actions/grant.ts) */
const run: RunAction = async (action, { row }, ctx) => {
  if (!row) return; // shown on rows only (its places)
  const p = grantParams(action);
  ctx.show((close) => <Grant p={p} row={row} onClose={close} />);
};

export default run;
