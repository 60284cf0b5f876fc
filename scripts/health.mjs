// The health probes of the storefront's and the back office's servers (issue 28), as the API's:
// GET /health/live while the process runs; GET /health/ready while it is not draining and, when
// `apiUrl` is given (the storefront, which renders from the API), the API's own /health/ready says 200.

/** Seconds a stopping server says it is not ready before it closes (SHUTDOWN_GRACE_SECONDS, as the API). */
export function shutdownGraceSeconds(env = process.env) {
  const seconds = Number(env.SHUTDOWN_GRACE_SECONDS ?? 10);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : 10;
}

export function createHealth({ apiUrl = null, timeoutMs = 2_000 } = {}) {
  let draining = false;

  async function apiReady() {
    try {
      const answer = await fetch(`${apiUrl.replace(/\/+$/, '')}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
      await answer.body?.cancel();
      return answer.status === 200;
    } catch {
      return false;
    }
  }

  function send(res, status, body) {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  return {
    /** SIGTERM's first step: not ready, while requests are still answered. */
    startDraining() {
      draining = true;
    },
    /** Answers a probe and says true, or says false for any other request. */
    answer(req, res) {
      const pathname = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (pathname === '/health/live') {
        send(res, 200, { live: true });
        return true;
      }
      if (pathname !== '/health/ready') return false;
      (async () => {
        const checks = { notDraining: !draining, ...(apiUrl ? { api: await apiReady() } : {}) };
        const ready = Object.values(checks).every(Boolean);
        send(res, ready ? 200 : 503, { ready, checks });
      })();
      return true;
    },
  };
}

/**
 * On SIGINT and SIGTERM: not ready first, for the grace, so a balancer stops sending requests here;
 * then the server stops taking connections, finishes those open, and the process exits.
 */
export function drainOnSignals(server, health, graceSeconds = shutdownGraceSeconds()) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      health.startDraining();
      setTimeout(() => {
        server.close(() => process.exit(0));
        server.closeIdleConnections?.();
        setTimeout(() => process.exit(0), 10_000).unref();
      }, graceSeconds * 1000).unref();
    });
  }
}
