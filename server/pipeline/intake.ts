/** The article a new podcast is made from: the intake stages run while the request waits. */
import { freshRun, runStages } from './stage.ts';
import { intakeStages, type IntakePorts, type PreparedArticle, type Source } from './stages.ts';

export async function runIntake(ports: IntakePorts, source: Source, signal = new AbortController().signal): Promise<PreparedArticle> {
  return (await runStages(intakeStages(ports), source, freshRun, signal)) as PreparedArticle;
}
