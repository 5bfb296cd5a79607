import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../shared/errors.ts';
import type { Logger } from './lib/logger.ts';
import { createServerPipeline } from './pipeline/server-ports.ts';

function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger: Logger = { debug() {}, info() {}, error() {}, warn: (msg) => void warnings.push(msg), child: () => logger };
  return { logger, warnings };
}

const pipelineFor = (env: 'development' | 'production', logger: Logger) =>
  createServerPipeline({ config: { fetchAllowHosts: [], env }, extractor: {} as never, scriptWriter: {} as never, speech: {} as never, encoders: {} as never, logger });

describe('a page on this machine, refused', () => {
  it('names FETCH_ALLOW_HOSTS and the host:port to put in it in the log, in development', async () => {
    const { logger, warnings } = recordingLogger();
    await expect(pipelineFor('development', logger).fetchPage('http://127.0.0.1:9/article', AbortSignal.timeout(5000))).rejects.toThrow(
      CONTENT_MESSAGES.privateAddress,
    );
    expect(warnings).toEqual([expect.stringContaining('FETCH_ALLOW_HOSTS=127.0.0.1:9')]);
  });

  it('is refused without the hint in production', async () => {
    const { logger, warnings } = recordingLogger();
    await expect(pipelineFor('production', logger).fetchPage('http://localhost:9/', AbortSignal.timeout(5000))).rejects.toThrow(CONTENT_MESSAGES.privateAddress);
    expect(warnings).toEqual([]);
  });
});
