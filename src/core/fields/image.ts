import { IMAGE_EXTS } from '../upload-types';
import { fileType } from './families';

/** one picture: an uploaded image's stored path or a network image address */
export const image = fileType({ multi: false, exts: IMAGE_EXTS, urls: true });
