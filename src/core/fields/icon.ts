import { textType } from './families';

/** a menu icon by its name (renderers/common/menu-icons.tsx names those drawn; any other shows the default) */
export const icon = textType({ type: 'string', length: 100 }, { picked: true });
