import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRates {
  /** URL to set as EXCHANGE_RATES_URL. */
  url: string;
  /** How many times the rate service was asked. */
  hits(): number;
  /** What the next requests get: a status and a JSON body (or raw text). */
  answer(status: number, body: unknown): void;
  close(): Promise<void>;
}

/** A local stand-in for the USD-based exchange-rate service (shape of open.er-api.com). */
export async function startFakeRates(): Promise<FakeRates> {
  let count = 0;
  let status = 200;
  let body: unknown = { result: 'success', base_code: 'USD', rates: {} };
  const server: Server = createServer((req, res) => {
    count++;
    res.statusCode = status;
    if (typeof body === 'string') {
      res.setHeader('content-type', 'text/plain');
      res.end(body);
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v6/latest/USD`,
    hits: () => count,
    answer(s, b) {
      status = s;
      body = b;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
