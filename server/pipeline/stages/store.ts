/** store: the finished episode kept as the conversion's result (ports.storeAudio). */
import type { PipelinePorts, Speech, Stage } from '../ports.ts';

export function storeStage(ports: Pick<PipelinePorts, 'storeAudio'>): Stage<Speech, Speech> {
  return {
    name: 'store',
    async run(speech) {
      await ports.storeAudio(speech);
      return speech;
    },
    retryable: () => true,
  };
}
