/**
 * Structured logs: one JSON object per line on stdout (stderr for warnings and errors), so a log
 * collector can index them and nothing goes silent in production.
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

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: value.message,
      stack: value.stack,
      ...(value.cause ? { cause: serialise(value.cause) } : {}),
    };
  }
  return value;
}

export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}): Logger {
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg, ...base };
    for (const [k, v] of Object.entries(fields ?? {})) entry[k] = serialise(v);
    const line = JSON.stringify(entry) + '\n';
    (ORDER[lvl] >= ORDER.warn ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}
