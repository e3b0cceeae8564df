import { pipeline, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvStream } from './csv';
import { loggableError, redactedDbError } from './db-errors';

/**
 * Rows as a CSV stream joined with `pipeline`, so that every failure has a handler. A
 * database error mid-export destroys this response only (the download ends truncated,
 * or answers 503 before the first byte), redacted to the driver's code and message, and
 * is logged once by `sendCsv` or the error handler; a client that goes away stops the row
 * source. With `.pipe()` the source's error had no listener and ended the process.
 */
export function csvFromRows(
  header: string[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
): Readable {
  async function* redacted() {
    try {
      yield* rows;
    } catch (error) {
      throw redactedDbError(error);
    }
  }
  // sendCsv listens for the result's error and logs it: the callback has nothing to add.
  return pipeline(Readable.from(redacted()), csvStream(header), () => {});
}

/**
 * A CSV download. An error before the first byte reaches the error handler (503, logged
 * there); after it, the response can only be cut short, and it is logged here, once
 * (Fastify's own stream-error line is off with request logging).
 */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  stream.on('error', (error) => {
    if (reply.raw.headersSent)
      reply.log.warn({ err: loggableError(error) }, 'CSV export aborted mid-stream');
  });
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .type('text/csv; charset=utf-8')
    .send(stream);
}
