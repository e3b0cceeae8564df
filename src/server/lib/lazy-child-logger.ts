import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger is pino's (app.ts: `logger` options or a pino `loggerInstance`). */
const asPino = (logger: FastifyBaseLogger) => logger as unknown as Logger;

/**
 * A request's logger (`request.log`) that becomes pino's child only when it writes a line.
 * Fastify makes a child per request to bind the request id; with redaction configured,
 * pino serialises the bindings through the redactor there, about 2 % of a cached public
 * answer's CPU in a profile of `GET /api/stats` under load, for a logger most requests
 * never write with (their access line is debug, dropped at info). Lines written are the
 * child's exactly: same bindings, serializers and level.
 */
export class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.childBindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.#child || this.options.level) return asPino(this.#real()).isLevelEnabled(level);
    return asPino(this.parent).isLevelEnabled(level);
  }

  #write(method: Method, args: unknown[]): void {
    if (!this.isLevelEnabled(method)) return;
    (this.#real()[method] as (...a: unknown[]) => void)(...args);
  }

  fatal = (...args: unknown[]) => this.#write('fatal', args);
  error = (...args: unknown[]) => this.#write('error', args);
  warn = (...args: unknown[]) => this.#write('warn', args);
  info = (...args: unknown[]) => this.#write('info', args);
  debug = (...args: unknown[]) => this.#write('debug', args);
  trace = (...args: unknown[]) => this.#write('trace', args);
  silent = () => {};

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  bindings(): Bindings {
    return asPino(this.#real()).bindings();
  }
}

/**
 * Fastify's `childLoggerFactory`: a LazyChildLogger per request. Without a pino logger
 * (`logger: false`, the tests' null logger) its own child, as Fastify would.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (typeof asPino(logger).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
