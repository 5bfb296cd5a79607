/**
 * The error catalogue: codes, the messages users read, and the toasts. Clients and the
 * server share it so a message is written once.
 */
import { PDF_LIMITS, PODCAST_JSON_MAX_BYTES } from './constants.ts';

/** Auth error codes and their fixed messages. */
export const AUTH_MESSAGES = {
  authenticationRequired: 'Authentication required',
  invalidCredentials: 'Invalid email or password',
  network: 'Network error occurred. Please check your connection.',
  server: 'Server error occurred. Please try again later.',
  invalidToken: 'Invalid or expired token',
  sessionExpired: 'Your session has expired. Please sign in again.',
  fillAllFields: 'Please fill in all fields',
  invalidResponse: 'Invalid server response',
  networkError: 'Network error - please check your connection',
  authFailed: 'Authentication failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  failedToLogout: 'Failed to logout',
} as const;

/** 'Authentication failed (401)': the message when the server gives none. */
export const loginFailedMessage = (status: number) => `Authentication failed (${status})`;
export const registrationFailedMessage = (status: number) => `Registration failed (${status})`;

export const AUTH_TOASTS = {
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created successfully!',
  signedOut: 'Signed out successfully',
  signInFallback: 'Failed to sign in. Please try again.',
  registrationFallback: 'Registration failed. Please try again.',
  signOutFallback: 'Failed to sign out. Please try again.',
} as const;

/** Messages of the URL form and of fetching a page. */
export const CONTENT_MESSAGES = {
  enterUrl: 'Please enter a URL',
  enterValidUrl: 'Please enter a valid URL',
  invalidWebsiteUrl: 'Please enter a valid website URL starting with http:// or https://',
  noContent: 'No content found at the provided URL',
  noReadableContent: 'Could not extract readable content from the webpage',
  accessRefused:
    'Unable to access the website. Please try a different URL or one that allows content sharing.',
  unreachable:
    'Unable to reach the website. Please check if the URL is correct and the website is accessible.',
  parseFailed:
    'The webpage content could not be processed. Try a simpler webpage or one with more text content.',
  unexpected: 'An unexpected error occurred while fetching the content',
  redirectLoop: 'This address redirects in a loop (or through too many redirects): Pagecast cannot reach the page. Open it in your browser and paste the address it ends at.',
  privateAddress:
    'Pagecast reads pages on the public web only: this address is on a private or local network. Use a public address.',
  createFailed: 'Failed to create podcast',
  created: 'Podcast created successfully!',
  /** Said after Create until the podcast is ready: it plays as soon as its first part is made. */
  starting: 'Your podcast is on its way: it starts playing as soon as its first part is made.',
  signInToSave: 'Sign in to save your podcasts',
  /** Followed by the wait: 'Try again in 12 seconds.' */
  busy: 'Pagecast is busy reading other pages and documents.',
} as const;

/** What is wrong with a PDF (a link or a file), and what to do. */
export const PDF_MESSAGES = {
  notAPdf: 'This file is not a PDF. Choose a PDF document.',
  tooLarge: `This PDF is over ${PDF_LIMITS.maxBytes / 1024 / 1024} MB. Pagecast reads PDFs of up to ${PDF_LIMITS.maxBytes / 1024 / 1024} MB.`,
  /** The PDFs of one request (the files of one form, the PDFs of the card) hold the same cap together. */
  tooLargeTogether: `These PDFs are over ${PDF_LIMITS.maxBytes / 1024 / 1024} MB together. Make an episode of fewer of them, or of smaller ones.`,
  scan: 'This PDF is a scan without text: Pagecast reads PDFs that contain text.',
  /** Its only text repeats on every page (a running header, footer or page number). */
  onlyRepeatedText: 'The only text in this PDF is what repeats on every page (a header, footer or page number): there is nothing else to read.',
  encrypted: 'This PDF is protected by a password: Pagecast cannot open it. Save an unprotected copy and try again.',
  damaged: 'This PDF is damaged or incomplete: Pagecast cannot read it.',
  tooSlow: 'This PDF took too long to read: Pagecast cannot read it.',
  unpacksTooLarge: 'This PDF unpacks to far more data than a document holds: Pagecast does not read it.',
} as const;

/** How a create or estimate request carries a PDF (as a file in a form), and what is wrong with one that does not. */
export const UPLOAD_MESSAGES = {
  asPart: 'A PDF is sent as a file: a multipart/form-data request whose JSON names its part, { "part": "file0" }.',
  contentType: 'Send the request as JSON (application/json), or as multipart/form-data when it carries a PDF.',
  jsonTooLarge: `This request is over ${PODCAST_JSON_MAX_BYTES / 1024 / 1024} MB. A PDF is sent as a file (multipart/form-data), not inside JSON.`,
  notJson: 'The request is not valid JSON.',
  malformed: 'This upload is not a well-formed multipart/form-data body. Choose the file and send it again.',
  noRequest: 'The form needs its "request" part (the request as JSON), or one file alone.',
  missingPart: (part: string) => `The request names the file "${part}", but the form holds no file part of that name.`,
  extraPart: (part: string) => `The form holds a part "${part}" that the request does not name.`,
  stalled: 'The upload stopped arriving. Send the file again.',
  cutOff: 'The upload was cut off before its end. Send the file again.',
  /** Past the whole form's deadline, however steadily its bytes came. */
  tooSlow: 'The upload took too long to arrive. Send the file again over a faster connection.',
  /** Followed by the wait: 'Try again in 5 seconds.' */
  busy: 'Pagecast is receiving as many files as it can right now.',
  clientBusy: (uploads: number) => `You are already sending ${uploads === 1 ? 'a file' : `${uploads} files`}: wait until ${uploads === 1 ? 'it is' : 'they are'} read.`,
} as const;

/** What a page that lists other pages (a front page, search results) is told: what the episode will be, and how to hear one article. */
export const listingNote = (items: number, oneOfThem = 'paste its own address') =>
  `This page is a list of ${items} articles, not one article: the episode reads the list. To hear one of them, ${oneOfThem}.`;

/** The note spoken after the last page read of a PDF longer than the pages Pagecast reads. */
export const pdfPagesNote = (read: number, pages: number) =>
  `This episode stops here, at page ${read} of ${pages.toLocaleString('en-US')}.`;

/** What a link that is not a web page leads to, and what to do: 'This link is to a PDF document, not a web page. …' */
export const notAWebPageMessage = (kind: string) =>
  `This link is to ${kind}, not a web page. Pagecast reads articles on web pages: paste the address of one.`;

/** The extension's tab shows a file that is not a web page (nothing was pasted: the tab is named). */
export const notAWebPageTabMessage = (kind: string) =>
  `This tab shows ${kind}, not a web page. Pagecast reads articles on web pages: open one, then make its podcast.`;

/** The extension's tab shows an error page ('404 Not Found'): nothing was fetched, the tab is named. */
export const errorTabMessage = (status: string) =>
  `This tab shows an error page (${status}), not an article. Open the article itself, then make its podcast.`;

/** 'Failed to fetch content: Not Found' */
export const fetchNotOkMessage = (statusText: string) => `Failed to fetch content: ${statusText}`;

export const DOWNLOAD_MESSAGES = {
  premiumRequired: 'Upgrade to Premium to download podcasts',
  audioRequired: 'Audio must be generated before downloading',
  started: 'Download started',
} as const;

export const PAYMENT_MESSAGES = {
  notInitialized: 'Payment system not initialized',
  failed: 'Payment failed',
  intentFailed: 'Failed to create payment intent',
  initializeFailed: 'Failed to initialize payment. Please try again.',
  signInToUpgrade: 'Please sign in to upgrade',
  paymentFailed: 'Payment failed. Please try again.',
  network: 'Network error occurred',
  invalidResponse: 'Invalid response from server',
  invalidVerification: 'Invalid verification response',
  verificationFailed: 'Failed to verify subscription. Please contact support.',
  welcome: 'Welcome to Premium! Enjoy your new features.',
} as const;

/**
 * Every code an API error body may carry. The clients' own codes come first; the rest name the
 * server's own refusals.
 */
export const ERROR_CODES = [
  'LOGIN_FAILED',
  'REGISTRATION_FAILED',
  'INVALID_RESPONSE',
  'NETWORK_ERROR',
  'AUTH_ERROR',
  'LOGOUT_FAILED',
  'AI_ERROR',
  'AUTH_REQUIRED',
  'PAYMENT_FAILED',
  'INVALID_TOKEN',
  'VALIDATION_ERROR',
  'EMAIL_TAKEN',
  'INVALID_URL',
  'FETCH_FAILED',
  'NO_CONTENT',
  'NO_READABLE_CONTENT',
  'PREMIUM_REQUIRED',
  'AUDIO_NOT_READY',
  'RATE_LIMITED',
  'NOT_FOUND',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'BILLING_DISABLED',
  'EPISODE_TOO_LONG',
  'INTERNAL_ERROR',
  'NOT_A_FEED',
  'FOLLOW_LIMIT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code is answered with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  LOGIN_FAILED: 401,
  REGISTRATION_FAILED: 400,
  INVALID_RESPONSE: 502,
  NETWORK_ERROR: 502,
  AUTH_ERROR: 401,
  LOGOUT_FAILED: 500,
  AI_ERROR: 502,
  AUTH_REQUIRED: 401,
  PAYMENT_FAILED: 402,
  INVALID_TOKEN: 401,
  VALIDATION_ERROR: 400,
  EMAIL_TAKEN: 409,
  INVALID_URL: 400,
  FETCH_FAILED: 422,
  NO_CONTENT: 422,
  NO_READABLE_CONTENT: 422,
  PREMIUM_REQUIRED: 403,
  AUDIO_NOT_READY: 409,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  BILLING_DISABLED: 404,
  EPISODE_TOO_LONG: 422,
  INTERNAL_ERROR: 500,
  NOT_A_FEED: 422,
  FOLLOW_LIMIT: 403,
};

/** What following a site answers when it cannot. */
/** What to do when a natural voice cannot be downloaded here: a mirror, or a voices folder copied in. */
export const VOICE_DOWNLOAD_HINT =
  'To download voices from a mirror, set VOICE_MODELS_URL to it; or copy the voices folder (DATA_DIR/voices) from a machine that has them.';

export const FOLLOW_MESSAGES = {
  noFeed: 'This page names no feed to follow (RSS, Atom or JSON Feed). Try the address of the site’s feed.',
  notAFeed: 'This address is not a feed Pagecast can read (RSS, Atom or JSON Feed).',
  entities: 'This feed declares XML entities, which Pagecast does not read.',
  tooLarge: 'This feed is too large to follow.',
  freeLimit: (n: number) => `Free members follow up to ${n} sources. Upgrade to Premium to follow more.`,
  limit: (n: number) => `You follow ${n} sources, the most one member may.`,
  notFound: 'Follow not found',
  signIn: 'Sign in to follow a site.',
  /** A feed whose items' links cannot be read spends its own hourly budget, never its followers'. */
  linksFail: 'Its links fail: too many of this feed’s items could not be read in the last hour.',
  checkPaused: 'This follow is paused: resume it to check its feed.',
  checkedOften: 'This feed was checked often already; it is checked by itself every interval.',
} as const;
