import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@kedai/db/testing';

/**
 * Issue 28's proof "SIGTERM under load loses no request", on the real server process (src/server.ts):
 * keep-alive clients send a steady stream, SIGTERM arrives mid-stream, and the clients behave as a
 * load balancer's traffic does: they keep sending until the process's /health/ready says 503 and then
 * a few more, and stop. Every request must get a whole answer, and the process must exit 0.
 *
 * Clients that never stop are not a balancer's: once the listener closes, a connection they open in
 * the same instant is reset by the kernel's accept queue whatever the server does (decision 0023).
 * The embedded database's first start is slow on a busy machine, hence the long start-up timeout.
 */
const CLIENTS = 20;
/** Answers each client still asks for after it saw /health/ready turn 503 (a balancer notices late). */
const AFTER_NOT_READY = 3;

const apiDir = resolve(__dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

interface Answer {
  status?: number;
  /** The answer's Connection header: `close` tells a keep-alive client to leave the socket. */
  connection?: string;
  error?: string;
  /** Sent after the probe saw /health/ready answer 503: the process was draining. */
  whileDraining?: boolean;
}

/** One GET on the agent's keep-alive sockets, read to its end: its status, or the error that stopped it. */
function fetchOn(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode, connection: res.headers.connection }));
      res.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('SIGTERM under load', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: ChildProcess;
  let port: number;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kedai-shutdown-'));
    // On PostgreSQL, a database of its own (TEST_DATABASE_URL); else the embedded one in DATA_DIR.
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        API_PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        SEED_DEMO: 'false',
        SHUTDOWN_GRACE_SECONDS: '1',
        LOG_LEVEL: 'warn',
        MAIL_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((done) => server.on('exit', (code) => done(code)));
    // Up when /health/ready says so (or fail with what the process said).
    const probe = new Agent({ keepAlive: false });
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the API exited at start:\n${output}`);
      const ready = await fetchOn(probe, port, '/health/ready');
      if (ready.status === 200) break;
      await new Promise((done) => setTimeout(done, 100));
    }
  }, 300_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request sent, says not ready before it exits, and exits 0', async () => {
    const answers: Answer[] = [];
    let notReadySeen = false;
    let exitedYet = false;
    void exited.then(() => (exitedYet = true));

    // The balancer's probe: its own connections, asking until the process says it is not ready.
    const probing = (async () => {
      const probe = new Agent({ keepAlive: false });
      while (!exitedYet) {
        const ready = await fetchOn(probe, port, '/health/ready');
        if (ready.status === 503) {
          notReadySeen = true;
          return;
        }
      }
    })();

    // The traffic: 20 clients on keep-alive sockets, a few answers more after the probe saw 503.
    let answered = 0;
    let signalled: () => void;
    const halfway = new Promise<void>((done) => (signalled = done));
    const client = async (n: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      let afterNotReady = 0;
      for (let i = 0; afterNotReady < AFTER_NOT_READY; i++) {
        const whileDraining = notReadySeen;
        const answer = await fetchOn(agent, port, (n + i) % 2 === 0 ? '/ping' : '/config');
        answers.push({ ...answer, whileDraining });
        if (++answered === CLIENTS * 10) signalled();
        if (notReadySeen) afterNotReady++;
      }
      agent.destroy();
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

    // SIGTERM mid-stream: once the clients are well under way.
    await halfway;
    server.kill('SIGTERM');
    await clients;
    await probing;
    const code = await exited;

    expect(notReadySeen).toBe(true);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(CLIENTS * (10 + AFTER_NOT_READY));
    // Draining, each answer closes its connection: no keep-alive socket is left for the closing server
    // to drop while a client sends on it (what reset one request per client before).
    const drained = answers.filter((answer) => answer.whileDraining);
    expect(drained.length).toBeGreaterThanOrEqual(CLIENTS * (AFTER_NOT_READY - 1));
    expect(drained.filter((answer) => answer.connection !== 'close')).toEqual([]);
    expect(code, output).toBe(0);
  }, 60_000);
});
