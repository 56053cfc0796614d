import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { FileLinks } from './FileLinks';
import { pathsOf } from './files-api';
import type { CellProps, GridEditorProps } from './types';

/**
 * The editors and the picture cell of the upload, file and image types, loaded when a form (or a
 * list with pictures) first needs them: a list page's first visit does not carry the pop-ups, the
 * gallery or antd's image preview (npm run bench:web).
 */
const FileListEditor = lazy(() => import('./FileListEditor').then((m) => ({ default: m.FileListEditor })));
const ImageGallery = lazy(() => import('./ImageGallery').then((m) => ({ default: m.ImageGallery })));
const ImageCellLoaded = lazy(() => import('./ImageCell').then((m) => ({ default: m.ImageCell })));
const UploadCell = lazy(() => import('./UploadCell').then((m) => ({ default: m.UploadCell })));

export function FilesEditor(props: WidgetProps) {
  return (
    <Suspense fallback={null}>
      <FileListEditor {...props} />
    </Suspense>
  );
}

export function GalleryEditor(props: WidgetProps) {
  return (
    <Suspense fallback={null}>
      <ImageGallery {...props} />
    </Suspense>
  );
}

export function ImageCell(props: CellProps) {
  return (
    <Suspense fallback={props.text}>
      <ImageCellLoaded {...props} />
    </Suspense>
  );
}

/** a list cell of files: their names as download links */
export function FileCell({ field, row }: CellProps) {
  return <FileLinks paths={pathsOf(row[field.key])} />;
}

/** an editable grid's file cell (upload, file) */
export function FileGridCell(props: GridEditorProps) {
  return (
    <Suspense fallback={null}>
      <UploadCell {...props} />
    </Suspense>
  );
}

/** an editable grid's picture cell: pictures only, shown as thumbnails */
export function ImageGridCell(props: GridEditorProps) {
  return (
    <Suspense fallback={null}>
      <UploadCell {...props} images />
    </Suspense>
  );
}
