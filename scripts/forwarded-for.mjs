/**
 * Headers that name the client, or the host and scheme it asked for. A browser can send any of
 * them, and Next passes a browser's own X-Forwarded-For on to the API (it only fills it in when it
 * is missing), which would let anyone pick the address the API's per-client limits count. So the
 * storefront's server drops them and sets X-Forwarded-For to the socket's peer, the address it
 * really saw. Behind a TLS proxy that sets them itself, `trustFront` (WEB_TRUST_PROXY=true) keeps
 * the proxy's chain and appends the peer; the API's TRUST_PROXY then decides which hops it believes
 * (decision 0007).
 */
const FORWARDING = ['forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

/** Rewrites a Node request's forwarding headers in place. */
export function setForwardedFor(headers, peer, trustFront) {
  const chain = trustFront ? [headers['x-forwarded-for']].flat().filter(Boolean).join(', ') : '';
  if (!trustFront) for (const name of FORWARDING) delete headers[name];
  headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
}
