import { MenuIcon } from '../../common/menu-icons';
import type { CellProps } from '../types';

/** icon's list cell: the icon before its name */
export default function IconCell({ text }: CellProps) {
  return text ? (
    <span style={{ whiteSpace: 'nowrap' }}>
      <MenuIcon name={text} /> {text}
    </span>
  ) : null;
}
