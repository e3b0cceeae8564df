// npm run mpesa:sim -- [--port 7070] [--host 127.0.0.1] [--delay-ms 500] [--duplicate]
// A local stand-in for Safaricom Daraja (decisions.md section 11): OAuth, B2C and Transaction
// Status, calling the product back after the delay. The last digit of the receiving number
// chooses the outcome.
import { parseArgs } from 'node:util';
import { startMpesaSim } from '../src/server/modules/payouts/mpesa-sim';

const usage =
  'Usage: npm run mpesa:sim -- [--port 7070] [--host 127.0.0.1] [--delay-ms 500] [--duplicate]\n' +
  '  --duplicate sends every callback twice.';

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '7070' },
      host: { type: 'string', default: '127.0.0.1' },
      'delay-ms': { type: 'string', default: '500' },
      duplicate: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
const delayMs = Number(values['delay-ms']);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port takes a port number (0-65535).\n${usage}`);
  process.exit(2);
}
if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000) {
  console.error(`--delay-ms takes whole milliseconds (0-600000).\n${usage}`);
  process.exit(2);
}

const stamp = () => new Date().toISOString().slice(11, 19);
let sim;
try {
  sim = await startMpesaSim({
    port,
    host: values.host,
    delayMs,
    duplicate: values.duplicate,
    log: {
      info: (line) => console.log(`${stamp()} ${line}`),
      warn: (line) => console.warn(`${stamp()} ${line}`),
    },
  });
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is in use: choose another with --port.`
      : `The simulator could not start: ${(error as Error).message}`,
  );
  process.exit(1);
}

console.log(`M-Pesa (Daraja) simulator listening on ${sim.url}
  callbacks after ${delayMs} ms${values.duplicate ? ', each sent twice' : ''}

Point the product at it (any non-empty credentials are accepted):
  PAYOUT_PROVIDER=mpesa
  MPESA_BASE_URL=${sim.url}
  MPESA_CONSUMER_KEY=sim-key MPESA_CONSUMER_SECRET=sim-secret
  MPESA_SHORTCODE=600000 MPESA_INITIATOR_NAME=sim MPESA_SECURITY_CREDENTIAL=sim-credential

The last digit of the receiving number decides: 0-5 paid, 6 insufficient balance,
7 invalid receiver, 8 queue timeout (paid; the status query says so), 9 no callback (not paid).
B2C requests received: GET ${sim.url}/sim/requests
`);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
