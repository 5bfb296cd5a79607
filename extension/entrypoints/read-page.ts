import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { navigationStatus, readArticle } from '../read-article.ts';

// Injected into the reader's tab with scripting.executeScript; its return value is the answer.
export default defineUnlistedScript(() => readArticle(document, navigationStatus()));
