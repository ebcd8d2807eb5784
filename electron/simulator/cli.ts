// `npm run simulator -- --port 8787 --seed 7`: serves the simulated service over HTTP until stopped.
// Options: --port N (default 8787, 0 = any free port), --host H (default 127.0.0.1), --seed N (default 7),
// --all-followers (lift production's limit of about 50 followers for outsiders, on by default).
import { parseArgs } from 'node:util';
import { startSimulatorServer } from './http';
import { DEFAULT_SEED } from './service';

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`simulator: --${name} must be a whole number, got "${value}"`);
    process.exit(2);
  }
  return Number(value);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    seed: { type: 'string' },
    'all-followers': { type: 'boolean' },
  },
});

const server = await startSimulatorServer({
  port: wholeNumber(values.port, 'port', 8787),
  host: values.host ?? '127.0.0.1',
  seed: wholeNumber(values.seed, 'seed', DEFAULT_SEED),
  followerLimit: values['all-followers'] !== true,
});

console.log(`Feedlens simulator (seed ${server.sim.seed}) listening on ${server.url}`);
console.log(`Base URL: ${server.url}`);
console.log(`Demo key: ${server.sim.demoKey}`);
console.log(`Try: curl -H 'x-access-key: ${server.sim.demoKey}' -A feedlens ${server.url}/sys/balance`);
console.log('Faults: POST /__control/faults, balance: POST /__control/balance. Ctrl+C stops.');

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
