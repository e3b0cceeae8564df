import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const parent = pino({ level, redact: ['req.headers.cookie'] }, stream);
  return {
    parent: parent as unknown as FastifyBaseLogger,
    lines,
    childSpy: vi.spyOn(parent, 'child'),
  };
}

describe('the lazy request logger', () => {
  it('makes no child while nothing is written at an enabled level', () => {
    const { parent, lines, childSpy } = capture('info');
    const log = lazyChildLoggerFactory(parent, { reqId: 'r-1' }, {});
    log.debug({ url: '/api/stats' }, 'request');
    log.trace('nothing');
    expect(log.level).toBe('info');
    expect(childSpy).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes through the child with its bindings once a line is enabled', () => {
    const { parent, lines, childSpy } = capture('info');
    const log = lazyChildLoggerFactory(parent, { reqId: 'r-2' }, {});
    log.info({ status: 404 }, 'request');
    log.warn('again');
    expect(childSpy).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.status])).toEqual([
      ['r-2', 'request', 404],
      ['r-2', 'again', undefined],
    ]);
  });

  it("keeps a route's own level", () => {
    const { parent, lines } = capture('info');
    const log = lazyChildLoggerFactory(parent, { reqId: 'r-3' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.debug('shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
  });
});

describe('the lazy request logger without pino', () => {
  it("is the null logger's own child when the app logs nothing", () => {
    const nullLogger = {
      level: 'silent',
      child: () => nullLogger,
    } as unknown as FastifyBaseLogger;
    expect(lazyChildLoggerFactory(nullLogger, { reqId: 'r-4' }, {})).toBe(nullLogger);
  });
});
