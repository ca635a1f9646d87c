/**
 * The nginx site that spreads the console over several server processes (docs/deploy.md). The
 * two-process test runs Debian's nginx on exactly this text, so the documented setup is the tested one.
 *
 *   npx tsx scripts/nginx-config.ts 80 127.0.0.1:5201 127.0.0.1:5202 > /etc/nginx/conf.d/console.conf
 */
import { pathToFileURL } from 'node:url';

export interface NginxSite {
  /** What nginx listens on: a port, or address:port. */
  listen: string;
  /** The server processes, host:port each; requests and sockets go round-robin, with no stickiness. */
  upstreams: readonly string[];
  /** Largest request body nginx passes on; keep it at least the server's BODY_LIMIT and upload limits. */
  maxBody?: string;
  /** Names the process that answered in an `X-Upstream` header (for tests; it shows internal addresses). */
  revealUpstream?: boolean;
}

/** The `http {}`-level text of the site: the upstream, the Upgrade mapping and the server block. */
export function nginxSite({ listen, upstreams, maxBody = '64m', revealUpstream = false }: NginxSite): string {
  if (upstreams.length === 0) throw new Error('nginxSite: at least one upstream');
  return `# Seller console: ${upstreams.length} server processes behind one address.
upstream console_servers {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    # Kept-alive connections to the processes (HTTP/1.1 and an empty Connection header below).
    keepalive 32;
}

# A WebSocket handshake asks to upgrade; any other request keeps its upstream connection alive.
map $http_upgrade $console_connection {
    default upgrade;
    ''      '';
}

server {
    listen ${listen};
    client_max_body_size ${maxBody};

    location / {
        proxy_pass http://console_servers;
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $console_connection;
        # Replaces whatever the client sent: with TRUST_PROXY=on the server takes this as the
        # caller's address (login rate limit, sign-in devices), so it must not be forgeable.
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $host;
        # Chat sockets stay open for hours; between the server's pings (CHAT_PING_INTERVAL) they
        # may be quiet, and a long export streams for minutes.
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
        # A process that is down, or draining after SIGTERM (503), hands GETs to the next one; a
        # POST is never replayed here (it may have been half done when a process died).
        proxy_next_upstream error timeout http_503;${revealUpstream ? '\n        add_header X-Upstream $upstream_addr always;' : ''}
    }
}
`;
}

/** A whole nginx.conf that runs in the foreground as its caller, from one folder, around a site (tests). */
export function standaloneNginxConfig(folder: string, site: string): string {
  return `daemon off;
# One process as the caller: no worker switching to another user who could not write the folder.
master_process off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${folder}/client_body;
    proxy_temp_path ${folder}/proxy;
    fastcgi_temp_path ${folder}/fastcgi;
    uwsgi_temp_path ${folder}/uwsgi;
    scgi_temp_path ${folder}/scgi;
${site.replace(/^(?=.)/gm, '    ')}}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [listen, ...upstreams] = process.argv.slice(2);
  if (!listen || upstreams.length === 0) {
    console.error('usage: tsx scripts/nginx-config.ts <listen> <host:port> [<host:port> …]');
    process.exit(2);
  }
  process.stdout.write(nginxSite({ listen, upstreams }));
}
