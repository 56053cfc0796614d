import { isUploadPath } from '../../../src/core/fields/upload-path';
import { providers } from '../../providers';

/**
 * Shows the uploads a rendered text names (a markdown `![remark](temp/x.png)`): the server gives
 * files to signed-in readers only and an <img> cannot send the token, so each such picture is read
 * with the session and shown from an object URL. Watches the element, since a preview redraws as
 * the user types. Returns the stop function.
 */
export function showUploadedImages(root: HTMLElement): () => void {
  const swap = () => {
    for (const img of root.querySelectorAll('img')) {
      const path = img.getAttribute('src') ?? '';
      if (!isUploadPath(path)) continue;
      void providers()
        .data.fileUrl(path)
        .then((url) => {
          if (url && img.getAttribute('src') === path) img.setAttribute('src', url);
        });
    }
  };
  const observer = new MutationObserver(swap);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  swap();
  return () => observer.disconnect();
}
