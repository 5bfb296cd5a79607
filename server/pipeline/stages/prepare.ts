/** prepare: the text as the script writer reads it, and the article's language. */
import { CONTENT_MESSAGES } from '../../../shared/errors.ts';
import { detectLanguage } from '../../../shared/text/language.ts';
import { prepareScriptText } from '../../../shared/text/prepare-script-text.ts';
import { AppError } from '../../errors.ts';
import { countWords } from '../../machinery/script/script-format.ts';
import type { Article, PreparedArticle, Stage } from '../ports.ts';

export function prepareStage(): Stage<Article, PreparedArticle> {
  return {
    name: 'prepare',
    async run(article) {
      const scriptText = prepareScriptText(article.text);
      // Readable means words: symbols and emoji alone are not an article.
      if (!/[\p{L}\p{N}]/u.test(scriptText)) throw new AppError('NO_READABLE_CONTENT', { message: CONTENT_MESSAGES.noReadableContent });
      // A page's words were counted by the extraction worker; text sent (bounded by the request's size) is counted here.
      const words = article.words ?? countWords(article.text);
      return { ...article, words, scriptText, language: await detectLanguage(article.text, article.declaredLanguage) };
    },
    retryable: () => false,
  };
}
