import http from 'node:http';

/**
 * A lean JSON-over-HTTP client with one keep-alive connection, for the throughput benchmarks: the
 * figure should be the sync server's, as the raw-SQL baseline's is Postgres's through the lean `pg`
 * client. (Node's fetch adds about 1.7 ms to every request on a 2-core machine, more than some whole
 * pull pages take.)
 */
export function jsonClient(baseUrl: string, cookie: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const origin = new URL(baseUrl).origin;

  function send(method: 'GET' | 'POST', path: string, body?: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { cookie, origin };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const req = http.request(`${baseUrl}${path}`, { method, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${method} ${path} answered ${res.statusCode}: ${text.slice(0, 200)}`));
          else resolve(JSON.parse(text));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, JSON.stringify(body)),
    close: () => agent.destroy(),
  };
}
