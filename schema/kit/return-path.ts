// Any origin that cannot be real: a path resolved against it keeps this origin only if it names no host.
const BASE = 'https://return-path.invalid';

/**
 * Where to go after signing in: a path of this app only, never another site. Anything that a
 * browser could read as leaving the origin (`//host`, `/\host`, a scheme, a stray tab or newline that
 * browsers strip) or that names the server's API is refused (null). The answer is normalised.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes read as slashes, and control characters are dropped, by the URL parser.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
