import { ImageWidget } from '../form/widgets/ImageWidget';
import type { FieldRenderer } from './types';

/** an uploaded image, previewed */
export const image: FieldRenderer = { editor: ImageWidget };
