import { registerListKind, registerRenderer } from './registry';

/**
 * The renderers this folder provides, registered once at start-up (src/app/main.tsx imports this).
 * The server menu names every online list 'modules/online/cgform/auto/OnlCgformAutoList'; the
 * route prefix tells the list kind (spec 2.2).
 */
const plainList = () => import('./list/PlainList');

registerRenderer('modules/online/cgform/auto/OnlCgformAutoList', plainList);
registerListKind('plain', plainList);
registerListKind('auto', plainList);
