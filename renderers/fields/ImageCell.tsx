import type { CellProps } from './types';
import { pathsOf } from './files-api';
import { Thumbnails } from './ImageGallery';

/** thumbnail size in a list cell: small enough to keep the row's height */
const CELL_THUMB = 32;

/** a list cell of pictures (image/cell.ts loads it when a list shows pictures): small thumbnails, click to preview */
export function ImageCell({ field, row }: CellProps) {
  return <Thumbnails paths={pathsOf(row[field.key])} size={CELL_THUMB} title={field.title} />;
}
