// deploy/nginx.conf as it runs on this machine for a test, the cluster test or a benchmark: the operator's file
// itself, with the local processes' ports, folders and ports put in and TLS taken out (nginx is reached over plain
// HTTP on loopback). One file for all of them, so what is tested is what an operator copies.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const deployFile = new URL('../deploy/nginx.conf', import.meta.url);

export interface LocalNginxSite {
  /** The server processes: each upstream gets one line per port, as the file has one per process. */
  appPorts: number[];
  /** Where the site listens (the file's 443), and its redirect to HTTPS (the file's 80). */
  port: number;
  redirectPort: number;
  /** The processes' DATA_DIR (its recordings/ is the shared recordings' folder). */
  dataDir: string;
  /** nginx's cache of the recordings' checks. */
  cacheDir: string;
  /** Adds `X-Upstream` (the process that answered) to what nginx passes on from a process: the cluster test counts them. */
  showUpstream?: boolean;
}

/** A run of upstream lines for the file's processes (`server 127.0.0.1:8081 max_fails=3 fail_timeout=10s;` …). */
const UPSTREAM_LINES = /^([ \t]*)server 127\.0\.0\.1:808\d([^;\n]*);\n(?:[ \t]*server 127\.0\.0\.1:808\d[^;\n]*;\n)*/gm;

/** The http-level part (upstreams, maps, servers) of deploy/nginx.conf for these ports and folders. */
export function localDeployedNginx(site: LocalNginxSite): string {
  if (site.appPorts.length === 0) throw new Error('localDeployedNginx needs at least one process');
  let local = readFileSync(deployFile, 'utf8')
    .replace(UPSTREAM_LINES, (_run, indent: string, options: string) => site.appPorts.map((port) => `${indent}server 127.0.0.1:${port}${options};\n`).join(''))
    .replace(/\/var\/lib\/webinar-courses\/recordings\//g, `${site.dataDir}/recordings/`)
    .replace(/\/var\/cache\/nginx\/webinar-courses-recording-checks/g, site.cacheDir)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${site.port};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${site.redirectPort};`)
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace(/^\s*ssl_.*\n/gm, '');
  // What is replaced must have been there, and nothing else of the machine it was written for may stay.
  if (/ssl|\/var\/|808\d/.test(local)) throw new Error('deploy/nginx.conf names a port, folder or TLS setting that localDeployedNginx does not replace');
  if (site.showUpstream) {
    local = local.replace(/^([ \t]*)(proxy_pass http:\/\/webinar_courses(?:_uploads)?;\n)/gm, (_line, indent: string, pass: string) => `${indent}${pass}${indent}add_header X-Upstream $upstream_addr always;\n`);
  }
  return local;
}

/** NGINX, else Debian's /usr/sbin/nginx (not on every user's PATH), else null: a test is then skipped. */
export function installedNginx(): string | null {
  return process.env.NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
}

/** The nginx to run: the installed one, else whatever the PATH finds (its absence is then the spawn's error). */
export function nginxBinary(): string {
  return installedNginx() ?? 'nginx';
}

/** nginx in the foreground on `dir`/nginx.conf (nginxMainConfig), its error log in `dir`. */
export function nginxArgs(dir: string): string[] {
  return ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'];
}

/** A whole nginx.conf around the site for nginx -p <dir>: its pid and temporary folders in `dir`. */
export function nginxMainConfig(dir: string, site: string, workers: 'auto' | number = 1): string {
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${workers};
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}
