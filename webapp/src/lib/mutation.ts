/**
 * A feature's mutation hook owns its request and what the cache learns from the answer; the component
 * that calls it adds only what the screen does (a toast, a closed dialog) through these options.
 */
import type { UseMutationOptions } from '@tanstack/react-query';

type Request = (...args: never[]) => Promise<unknown>;
type Variables<R extends Request> = Parameters<R> extends [] ? void : Parameters<R>[0];

export type MutationConfig<R extends Request> = Omit<UseMutationOptions<Awaited<ReturnType<R>>, Error, Variables<R>>, 'mutationFn'>;
