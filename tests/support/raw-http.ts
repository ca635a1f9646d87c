import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
  text: string;
}

/** Splits one HTTP/1.1 answer (Content-Length bodies, as this server sends its envelope). */
export function parseAnswer(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end < 0 ? raw.length : end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
  const headers = Object.fromEntries(
    head.slice(1).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const text = end < 0 ? '' : raw.slice(end + 4);
  return { status, headers, json: jsonOf(text), text };
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends bytes exactly as given, which fetch refuses to (a URL or header over Node's limit, a
 * malformed request line), and reads the answer until the server closes the connection.
 */
export function rawRequest(baseUrl: string, request: string | Buffer, timeoutMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    });
    socket.write(request);
  });
}
