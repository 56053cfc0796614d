import { IMAGE_EXTS } from '../upload-types';
import { fileType } from './families';

/**
 * pictures: uploaded images' stored paths or network image addresses; one unless the field's
 * uploadnum says more (0: a gallery without limit)
 */
export const image = fileType({ count: 1, exts: IMAGE_EXTS, urls: true });
