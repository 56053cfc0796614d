import { GalleryEditor, ImageCell, ImageGridCell } from './files-lazy';
import type { FieldRenderer } from './types';

/** uploaded pictures: one picked in place, or a gallery with its cap; thumbnails in a list */
export const image: FieldRenderer = { editor: GalleryEditor, cell: ImageCell, gridEditor: ImageGridCell };
