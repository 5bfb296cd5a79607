/**
 * A voice engine's failure: the engine died, refused, or produced no usable audio. The message is
 * written for the logs and for a podcast's failure reason; `cause` carries the provider's error.
 */
export class SpeechError extends Error {
  override readonly name = 'SpeechError';
}
