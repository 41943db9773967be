/**
 * nginx from Debian's package in front of app instances, for tests, with the shop's own rules
 * (deploy/nginx/). Two shapes:
 * - `startTestNginx(ports)`: plain HTTP on a free port, in a temporary prefix, with the shared
 *   files deploy/nginx/shop-http.conf and shop-locations.conf included as they are (the rules
 *   production runs), and the upstream's parameters taken from deploy/nginx/upstream.conf.
 * - `startProductionNginx(ports)`: deploy/nginx/shop.conf itself inside Debian's own nginx.conf,
 *   with only what a test must change rewritten: the listening ports (127.0.0.1, free ones), the
 *   certificate (a self-signed one made with openssl), the cache, log and pid paths, the
 *   upstream's servers. Its HTTPS server answers for `serverName` only.
 * Both run `nginx -t` first and fail with its output. `whyNoNginx()` says what this machine lacks
 * so a test can skip with that reason (`apt-get install nginx libnginx-mod-http-brotli-filter`).
 *
 * @example
 * const proxy = await startTestNginx([3101, 3102]);
 * await fetch(`${proxy.url}/`);
 * proxy.accessLog(); // [{ requestId, method, path, status, upstream, cache, ... }]
 * await proxy.stop();
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './shop-server';

const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
const DEBIAN_MAIN_CONF = '/etc/nginx/nginx.conf';
const DEPLOY = path.resolve(__dirname, '..', 'deploy', 'nginx');
const INSTALLED = '/etc/nginx/regal-shop/';

/** One line of the access log (deploy/nginx/shop-http.conf's `regal_shop` format). */
export type AccessEntry = {
  time: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  bytes: number;
  seconds: number;
  upstream: string;
  upstreamStatus: string;
  upstreamSeconds: string;
  cache: string;
};

export type Nginx = {
  /** Where clients reach it (the plain-HTTP port). */
  url: string;
  accessLog(): AccessEntry[];
  errorLog(): string;
  stop(): Promise<void>;
};

export type ProductionNginx = Nginx & { httpsPort: number; serverName: string; certificate: string };

/** Why this machine cannot run nginx for a test, or false when it can. */
export function whyNoNginx(): string | false {
  if (!fs.existsSync(NGINX)) return `no ${NGINX} (apt-get install nginx libnginx-mod-http-brotli-filter)`;
  if (!fs.existsSync(BROTLI_MODULE)) return `no brotli module at ${BROTLI_MODULE} (apt-get install libnginx-mod-http-brotli-filter)`;
  if (!fs.existsSync(DEBIAN_MAIN_CONF)) return `no ${DEBIAN_MAIN_CONF} (Debian's nginx package)`;
  if (process.getuid?.() !== 0) return 'needs root (nginx starts as root and runs its workers as www-data)';
  return false;
}

/** The upstream block of deploy/nginx/upstream.conf with its server lines replaced by these ports. */
function upstreamFor(ports: number[]): string {
  const text = fs.readFileSync(path.join(DEPLOY, 'upstream.conf'), 'utf8');
  const parameters = /^\s*server\s+\S+\s+([^;#\n]*);/m.exec(text)?.[1]?.trim() ?? '';
  const servers = ports.map((port) => `    server 127.0.0.1:${port} ${parameters};`).join('\n');
  return text.replace(/^\s*server\s[^\n]*\n/gm, '').replace(/(upstream\s+regal_shop\s*\{\n)/, `$1${servers}\n`);
}

/** A folder nginx's workers (www-data) can enter. */
function scratchDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  fs.chmodSync(dir, 0o755);
  return dir;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function check(args: string[]): void {
  try {
    execFileSync(NGINX, [...args, '-t'], { stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`nginx -t refused the configuration:\n${output}`);
  }
}

/** Runs nginx in the foreground with these arguments until `stop()`; `port` says when it is up. */
async function launch(args: string[], port: number, logs: { access: string; error: string }, cleanUp: () => void): Promise<Nginx> {
  check(args);
  let output = '';
  const child: ChildProcess = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGQUIT: finish open requests, then exit; SIGTERM (fast, still stopping the workers) if slow.
      child.kill('SIGQUIT');
      const late = setTimeout(() => child.kill('SIGTERM'), 5_000);
      await exited;
      clearTimeout(late);
    }
    cleanUp();
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}\n${read(logs.error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: () =>
      read(logs.access)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessEntry),
    errorLog: () => read(logs.error),
    stop,
  };
}

/** Plain HTTP on a free port in front of the instances on `ports`, with the shop's shared rules. */
export async function startTestNginx(ports: number[]): Promise<Nginx> {
  const prefix = scratchDir('shop-nginx-');
  const port = await freePort();
  const logs = { access: path.join(prefix, 'access.log'), error: path.join(prefix, 'error.log') };
  const temp = (name: string) => path.join(prefix, 'temp', name);
  const conf = `# Written by e2e/nginx.ts for a test: the shop's rules on plain HTTP.
user www-data;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${logs.error} warn;
load_module ${BROTLI_MODULE};
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${DEPLOY}/shop-http.conf;
${upstreamFor(ports)}
  proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=regal_shop_cache:10m max_size=256m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    server_name _;
    access_log ${logs.access} regal_shop;
    include ${DEPLOY}/shop-locations.conf;
  }
}
`;
  fs.mkdirSync(path.join(prefix, 'temp'));
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  return launch(['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], port, logs, () => fs.rmSync(prefix, { recursive: true, force: true }));
}

/**
 * deploy/nginx/shop.conf as production runs it (inside Debian's nginx.conf, brotli loaded from
 * modules-enabled), on free ports, with a self-signed certificate for its server_name.
 */
export async function startProductionNginx(ports: number[]): Promise<ProductionNginx> {
  const dir = scratchDir('shop-nginx-prod-');
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const logs = { access: path.join(dir, 'access.log'), error: path.join(dir, 'error.log') };
  const shop = fs.readFileSync(path.join(DEPLOY, 'shop.conf'), 'utf8');
  const serverName = /server_name\s+([^\s;]+);/.exec(shop)?.[1] ?? 'shop.example.com';
  const certificate = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${serverName}`, '-addext', `subjectAltName=DNS:${serverName}`, '-keyout', key, '-out', certificate], {
    stdio: 'pipe',
  });

  // Each rewrite must find its text: a renamed path in shop.conf fails here, not silently.
  const rewrite = (text: string, from: RegExp | string, to: string) => {
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`deploy/nginx/shop.conf no longer contains ${String(from)}`);
    return changed;
  };
  const files = { upstream: path.join(dir, 'upstream.conf'), shop: path.join(dir, 'regal-shop.conf'), main: path.join(dir, 'nginx.conf') };
  fs.writeFileSync(files.upstream, upstreamFor(ports));
  let conf = shop;
  conf = rewrite(conf, `include ${INSTALLED}upstream.conf;`, `include ${files.upstream};`);
  conf = rewrite(conf, new RegExp(INSTALLED.replace(/\//g, '\\/'), 'g'), `${DEPLOY}/`);
  conf = rewrite(conf, /\/var\/cache\/nginx\/regal-shop/, path.join(dir, 'cache'));
  conf = rewrite(conf, /\/var\/log\/nginx\/regal-shop\.access\.log/g, logs.access);
  conf = rewrite(conf, /\/etc\/ssl\/regal-shop\/fullchain\.pem/, certificate);
  conf = rewrite(conf, /\/etc\/ssl\/regal-shop\/privkey\.pem/, key);
  conf = rewrite(conf, /^\s*listen \[::\]:\d+[^;]*;\n/gm, '');
  conf = rewrite(conf, /listen 80;/, `listen 127.0.0.1:${httpPort};`);
  conf = rewrite(conf, /listen 443 /g, `listen 127.0.0.1:${httpsPort} `);
  fs.writeFileSync(files.shop, conf);

  let main = fs.readFileSync(DEBIAN_MAIN_CONF, 'utf8');
  main = main.replace(/^\s*pid\s[^;]*;/m, `pid ${dir}/nginx.pid;`);
  main = main.replace(/^\s*error_log\s[^;]*;/m, `error_log ${logs.error} warn;`);
  main = main.replace(/^\s*access_log\s[^;]*;/m, `access_log ${path.join(dir, 'other.access.log')};`);
  main = rewrite(main, /include \/etc\/nginx\/conf\.d\/\*\.conf;/, `include ${files.shop};`);
  main = main.replace(/^\s*include \/etc\/nginx\/sites-enabled\/\*;/m, '');
  fs.writeFileSync(files.main, main);

  const nginx = await launch(['-c', files.main], httpPort, logs, () => fs.rmSync(dir, { recursive: true, force: true }));
  return { ...nginx, httpsPort, serverName, certificate: fs.readFileSync(certificate, 'utf8') };
}
