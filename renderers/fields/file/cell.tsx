import { FileLinks } from '../FileLinks';
import { pathsOf } from '../files-api';
import type { CellProps } from '../types';

/** file and upload's list cell: the files' names as download links */
export default function FileCell({ field, row }: CellProps) {
  return <FileLinks paths={pathsOf(row[field.key])} />;
}
