import type { FastifyInstance } from 'fastify';

/**
 * Timed work in an API process (architecture: `platform/jobs`): `run` every `intervalMs`, one run
 * at a time, a failed run logged and the next one trying again. Jobs must be safe with several API
 * processes running them at once: each claims its rows with a conditional update or a lock. Returns
 * the stop function, which waits for a run under way; the server calls it before closing.
 */
export function startRepeating(
  app: FastifyInstance,
  job: { name: string; intervalMs: number; run: () => Promise<number> },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = job
      .run()
      .then((done) => {
        if (done > 0) app.log.info({ job: job.name, done }, 'job run');
      })
      .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'the job failed; it runs again later'))
      .finally(() => {
        running = undefined;
      });
  }, job.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
