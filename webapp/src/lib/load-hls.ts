/**
 * Loads hls.js when a podcast that is still being made plays, and not before: a dynamic import, so
 * it is a chunk of its own and the pages' first download stays as it was.
 */
export const loadHls = () => import('hls.js/light').then((module) => module.default);
