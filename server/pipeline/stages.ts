/**
 * The conversion as a list of stages: fetch or receive → extract → prepare → script → speech →
 * store, one file each in stages/. Each stage does one step through a port (ports.ts), so the
 * server and the CLI run the same list with their own fetcher, extractor, writer, voice and storage.
 */
import type { Pronunciations } from '../../shared/text/pronunciations.ts';
import type { AnyStage, IntakePorts, PipelinePorts, Telling } from './ports.ts';
import { extractStage } from './stages/extract.ts';
import { fetchStage } from './stages/fetch.ts';
import { prepareStage } from './stages/prepare.ts';
import { scriptStage } from './stages/script.ts';
import { speechStage } from './stages/speech.ts';
import { storeStage } from './stages/store.ts';

/** The stages that read the article: a request runs them while it waits, so their errors answer it. */
export function intakeStages(ports: IntakePorts): AnyStage[] {
  return [fetchStage(ports), extractStage(ports), prepareStage()];
}

/** The whole conversion, in order. Adding a stage is one line here and its own file in stages/. */
export function conversionStages(ports: PipelinePorts, voice: string | null, telling?: Telling, pronunciations?: Pronunciations): AnyStage[] {
  return [...intakeStages(ports), scriptStage(ports, voice, telling), speechStage(ports, voice, pronunciations), storeStage(ports)];
}
