// The baseline: a bare Fastify returning fixed bytes, no plugins, no logging.
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, ...pairs] = process.argv.slice(2);
const app = Fastify({ logger: false });
for (const pair of pairs) {
  const [route, file] = pair.split('=');
  const body = fs.readFileSync(file!, 'utf8');
  app.get(route!, async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(body),
  );
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
