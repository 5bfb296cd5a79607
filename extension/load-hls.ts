/**
 * Loads hls.js when an episode that is still being made plays, in the extension page that holds the
 * audio (the offscreen document, or Firefox's background page): a dynamic import, bundled as a chunk
 * of its own.
 */
export const loadHls = () => import('hls.js/light').then((module) => module.default);
