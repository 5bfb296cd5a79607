/** The article a new podcast is made from: the intake stages run while the request waits. */
import { freshRun, runStages } from './run-stages.ts';
import type { IntakePorts, PreparedArticle, Source } from './ports.ts';
import { intakeStages } from './stages.ts';

export async function runIntake(ports: IntakePorts, source: Source, signal = new AbortController().signal): Promise<PreparedArticle> {
  return (await runStages(intakeStages(ports), source, freshRun, signal)) as PreparedArticle;
}
