// hls.js ships its light build (no subtitles, alternate audio, DRM or CMCD: nothing an audio-only
// episode uses, and a third smaller) without declarations of its own; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
