import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { onMessage, sendMessage } from '../messaging.ts';
import { paragraphElements } from '../page-paragraphs.ts';
import { createReadAlong } from '../read-along.ts';

/** Set while read-along runs in this tab, so a second injection joins the first. */
const RUNNING = '__pagecastReadAlong';

// Injected into the podcast's source tab with scripting.executeScript while a read-mode podcast
// plays; it answers how many paragraphs of the article it found on the page.
export default defineUnlistedScript(() => {
  const scope = globalThis as typeof globalThis & { [RUNNING]?: number };
  if (scope[RUNNING] !== undefined) return scope[RUNNING];
  const paragraphs = paragraphElements(document);
  const readAlong = createReadAlong(document, paragraphs, (paragraph) => {
    sendMessage('readAlongSeek', { paragraph }).catch((err: unknown) => console.warn('[pagecast] seek not delivered', err));
  });
  const removeShow = onMessage('readAlongShow', ({ data }) => readAlong.show(data.paragraph));
  const removeStop = onMessage('readAlongStop', () => {
    readAlong.stop();
    removeShow();
    removeStop();
    delete scope[RUNNING];
    return true;
  });
  scope[RUNNING] = paragraphs.length;
  return paragraphs.length;
});
