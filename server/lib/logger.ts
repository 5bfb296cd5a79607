/**
 * Structured logs: one JSON object per line on stdout (stderr for warnings and errors), so a log
 * collector can index them and nothing goes silent in production.
 *
 * Logs carry no secrets and no personal data, whoever logs what: every line passes through
 * `redact` on its way out. Fields named like a secret (a password, a hash, a token, a cookie, an
 * e-mail, a failed query's parameters) are replaced whole; in every other string, e-mail addresses,
 * password hashes, session tokens, bearer credentials, signed-address tokens, API keys and the
 * credentials of a database address are masked; an error keeps its name, message, code and stack,
 * but a failed query's message loses the parameters drizzle puts into it.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Where a finished line goes; tests pass their own to read what would be written. */
export type LogSink = (line: string, level: Exclude<LogLevel, 'silent'>) => void;

const writeToProcess: LogSink = (line, level) => (ORDER[level] >= ORDER.warn ? process.stderr : process.stdout).write(line);

/** Field names whose values are never written. */
const SECRET_FIELD = /pass(word|phrase)?|hash|secret|token|authori[sz]ation|cookie|api[-_]?key|signature|e-?mail|params|^(ip|remoteAddress|clientAddress)$/i;

/** Secrets and personal data that can turn up inside any text, and what each becomes. */
const SECRET_TEXT: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$(?:v=\d+\$)?[\w=,]*(?:\$[A-Za-z0-9+/=]*){0,2}/g, '[password hash]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  [/\b(Bearer\s+)[^\s"',]+/gi, '$1[redacted]'],
  [/\b(auth-token=)[^\s;"',]+/g, '$1[redacted]'],
  [/\b(?:sk|rk)_(?:live|test)_\w+|\bwhsec_\w+/g, '[key]'],
  [/([?&]t=)[^&\s"']+/g, '$1[redacted]'],
  [/(\/api\/(?:feed|shared)\/)(?!rotate\b)[\w-]{16,}/g, '$1[secret]'],
  [/(\b[a-z][\w+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi, '$1[credentials]@'],
  [/[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b/g, '[email]'],
];

function redactText(text: string): string {
  return SECRET_TEXT.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/** drizzle's failed query reads "Failed query: <sql>\nparams: <every value bound>". */
function withoutQueryParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

function redactError(error: Error, seen: WeakSet<object>): Record<string, unknown> {
  const message = redactText(withoutQueryParams(error.message));
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    // The stack starts with the message as it was thrown: it is cleaned the same way.
    ...(error.stack ? { stack: redactText(error.message ? error.stack.replace(error.message, message) : error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: redact(error.cause, seen) } : {}),
  };
}

/** The value as it may be written: secret fields dropped, secrets in text masked, errors made plain. */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) return redactError(value, seen);
  if (value instanceof Date) return value.toISOString();
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((v) => redact(v, seen));
  const plain: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) plain[k] = SECRET_FIELD.test(k) ? '[redacted]' : redact(v, seen);
  return plain;
}

export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}, sink: LogSink = writeToProcess): Logger {
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const entry = redact({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields });
    sink(JSON.stringify(entry) + '\n', lvl);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
}
