/** Which failures of a stage are worth another attempt. */
import { AppError } from '../../errors.ts';

/** Faults an AppError names are answers (an unreadable page): trying again gives the same one. */
export const notAnAnswer = (error: unknown) => !(error instanceof AppError);
