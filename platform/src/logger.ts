import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * One pino logger per process; pretty in a terminal during development, JSON otherwise. A
 * `destination` (a test's in-memory log) takes the JSON lines instead of stdout.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options = { name, level, redact: ['req.headers.authorization', '*.password', '*.session_token', '*.token'] };
  if (destination) return pino(options, destination);
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return pino({
    ...options,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l' } } }
      : {}),
  });
}
