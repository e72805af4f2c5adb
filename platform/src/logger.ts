import { pino, type Logger } from 'pino';

export type { Logger };

/** One pino logger per process; pretty in a terminal during development, JSON otherwise. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return pino({
    name,
    level,
    redact: ['req.headers.authorization', '*.password', '*.session_token', '*.token'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l' } } }
      : {}),
  });
}
