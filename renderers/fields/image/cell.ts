/** image's list cell: small thumbnails, click to preview */
export { ImageCell as default } from '../ImageCell';
