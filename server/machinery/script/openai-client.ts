/**
 * The openai SDK client for any OpenAI-compatible server, built from Pagecast's settings only: every
 * option the SDK would otherwise read from the environment is given explicitly (config.ts is the one
 * reader of process.env), and the SDK's own console logging is off (callers log through Logger).
 */
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiClientOptions {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** Retries of one request on 429, 5xx and connection faults (the SDK backs off between them). */
  maxRetries: number;
  /** Longest wait for one attempt. */
  timeoutMs: number;
}

export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    // A self-hosted server (LocalAI, Kokoro) may need no key; the SDK insists on one, so a
    // placeholder satisfies it and the Authorization header is dropped from every request.
    apiKey: options.apiKey ?? 'no-key',
    defaultHeaders: options.apiKey ? undefined : { Authorization: null },
    baseURL: options.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
    logLevel: 'off',
  });
}

/** A provider answered, but not with what was asked for (empty or unreadable). */
export class ProviderAnswerError extends Error {
  override readonly name = 'ProviderAnswerError';
}

/**
 * Why a call to `service` ("AI service", "speech service") failed, in words a user can read.
 * `timedOut` says that the caller's own deadline ended the call.
 */
export function describeProviderError(
  error: unknown,
  service: string,
  { timedOut, timeoutMs }: { timedOut: boolean; timeoutMs: number },
): string {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return `The ${service} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  if (error instanceof ProviderAnswerError) return error.message;
  if (error instanceof APIUserAbortError) return `The request to the ${service} was cancelled`;
  if (error instanceof APIConnectionError) return `The ${service} could not be reached`;
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 429) return `The ${service} is receiving too many requests (HTTP 429)`;
    if (status === 401 || status === 403) return `The ${service} refused the API key (HTTP ${status})`;
    if (status === 404) return `The ${service} does not know the model or the address (HTTP 404)`;
    if (status >= 500) return `The ${service} had an internal error (HTTP ${status})`;
    return `The ${service} rejected the request (HTTP ${status})`;
  }
  if (isBrokenConnection(error)) return `The connection to the ${service} broke off`;
  return `The ${service} sent an answer that could not be read`;
}

/** Node's fetch failing while it reads an answer whose connection was cut. */
function isBrokenConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return error.message === 'terminated' || (typeof code === 'string' && /^(UND_ERR_|ECONN|EPIPE)/.test(code));
}

/** Whether trying again later may help: rate limits, server faults, timeouts, lost connections. */
export function isRetryableProviderError(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIConnectionError || isBrokenConnection(error)) return true;
  if (error instanceof APIError && typeof error.status === 'number') {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}
