import { UploadCell } from '../UploadCell';
import type { GridEditorProps } from '../types';

/** image's grid cell: pictures only, shown as thumbnails */
export default function ImageGridCell(props: GridEditorProps) {
  return <UploadCell {...props} images />;
}
