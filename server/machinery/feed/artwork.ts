/**
 * The podcast artwork podcast apps accept (a square PNG of 1,400 px; they refuse SVG), drawn by
 * scripts/make-podcast-art.mjs into the web app's public files, so the server serves it at this path.
 */
export const PODCAST_ARTWORK_PATH = '/podcast-cover.png';
export const PODCAST_ARTWORK_PX = 1400;
