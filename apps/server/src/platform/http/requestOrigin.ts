import type { FastifyRequest } from 'fastify';

/** A host as a browser sends it: a name or IPv4 address, or a bracketed IPv6 one, with an optional port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the browser reached the server at (its Host; X-Forwarded-Host and -Proto only behind a
 * trusted proxy, TRUST_PROXY), so an absolute URL handed to it works from any address the app was
 * opened at, as the same-origin paths do. null when the request names no usable host.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || !HOST.test(host)) return null;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * Upgrade data (spec 002 §3) names its image by a same-origin path; it is answered as an absolute URL
 * on the request's origin (the web shows only http(s) images).
 */
export function withAbsoluteUpgradeImage(data: unknown, request: FastifyRequest): unknown {
  if (!isRecord(data) || !isRecord(data.upgrade_required)) return data;
  const upgrade = data.upgrade_required;
  const image = upgrade.image_url;
  if (typeof image !== 'string' || !image.startsWith('/') || image.startsWith('//')) return data;
  const origin = requestOrigin(request);
  if (!origin) return data;
  return { ...data, upgrade_required: { ...upgrade, image_url: `${origin}${image}` } };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
