import { PREMIUM_PLAN } from '../../../../../shared/constants.ts';

/** The five questions of the home page's FAQ. */
interface FaqItem {
  question: string;
  answer: string;
}

/** The FAQ; `spoken` says how the script is spoken here ("in a natural voice" only where this server has one). */
export const faqItems = (spoken = 'speaks it aloud'): readonly FaqItem[] => [
  {
    question: 'How does Pagecast turn a web page into a podcast?',
    answer: `Paste the address of a page and Pagecast reads its main text, has an AI rewrite it as a podcast script with a title, and ${spoken.replace(/\bit\b/, 'the script')}. The episode lands in your list with a player and a transcript.`,
  },
  {
    question: 'Which websites can I convert?',
    answer:
      'Any public page with readable text: articles, blog posts, news stories, reports and documentation. For pages behind a sign-in, the Pagecast browser extension converts the page you are reading.',
  },
  {
    question: 'Is Pagecast free to use?',
    answer:
      'Yes. Anyone can create podcasts and listen to them in the browser. Premium adds downloads, premium voices, ' +
      `bookmarks and sharing for $${PREMIUM_PLAN.amountCents / 100} per month, and you can cancel anytime.`,
  },
  {
    question: 'Can I listen offline?',
    answer:
      'Premium members can download every episode as an MP3 file and play it in any app, on any device, without a connection.',
  },
  {
    question: 'Which languages are supported?',
    answer:
      'Each page is spoken in its own language: English, French, German, Spanish and about a hundred more, with a ' +
      'voice of that language. Numbers, dates and money are read as words in English, French, German and Spanish; ' +
      'other languages keep them as written.',
  },
];
