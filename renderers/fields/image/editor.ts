/** image's form editor: one picture picked in place, or a gallery */
export { ImageGallery as default } from '../ImageGallery';
