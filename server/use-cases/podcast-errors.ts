import { AppError } from '../errors.ts';

/** The answer for a podcast that does not exist or is not the caller's. */
export const podcastNotFound = () => new AppError('NOT_FOUND', { message: 'Podcast not found' });
