import type { FastifyBaseLogger } from 'fastify';

/** Work started by `startAfterAnswer` that has not settled yet. */
const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the route's answer: it starts on the event loop's next turn (setImmediate),
 * after the handler has returned and its answer has been written, and the handler never waits for
 * it. So a route that only starts work here answers after the same work whatever the work will
 * find (an account or none, verified or not), and its answer cannot tell them apart, not even by
 * its timing. Forgot password and resend code answer every address alike this way. A failure is
 * logged with `context`; the user can ask again.
 */
export function startAfterAnswer(log: FastifyBaseLogger, context: object, failure: string, work: () => Promise<unknown>): void {
  const running = new Promise((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => log.error({ ...context, err: error }, failure),
    )
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves once all work started so far has settled (tests, and shutdown). */
export async function afterAnswerWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
