import { isUploadPath } from '../../../src/core/fields/upload-path';
import { providers } from '../../providers';
import { reportThrown } from '../../common/failure';
import { uploads } from '../../server/system';

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

/**
 * A click on a link to an upload in a rendered text (`<a href="jobs/报表.xlsx">`, what a 定时任务's
 * message attaches) saves the file, read with the session as the pictures are. Returns the stop
 * function.
 */
export function downloadUploadedLinks(root: HTMLElement): () => void {
  const click = (e: MouseEvent) => {
    const link = (e.target as Element).closest('a');
    const path = link?.getAttribute('href') ?? '';
    if (!link || !isUploadPath(path)) return;
    e.preventDefault();
    uploads.download(path, link.textContent?.trim() || path.slice(path.indexOf('/') + 1)).catch(reportThrown);
  };
  root.addEventListener('click', click);
  return () => root.removeEventListener('click', click);
}
