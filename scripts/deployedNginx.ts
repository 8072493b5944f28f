// deploy/nginx.conf as it runs on this machine for a test or a benchmark: the operator's file itself, with the local
// processes' port, folders and ports put in and TLS taken out (nginx is reached over plain HTTP on loopback).
import { readFileSync } from 'node:fs';

const deployFile = new URL('../deploy/nginx.conf', import.meta.url);

export interface LocalNginxSite {
  /** The server process every upstream line points to. */
  appPort: number;
  /** Where the site listens (the file's 443), and its redirect to HTTPS (the file's 80). */
  port: number;
  redirectPort: number;
  /** The processes' DATA_DIR (its recordings/ is the shared recordings' folder). */
  dataDir: string;
  /** nginx's cache of the recordings' checks. */
  cacheDir: string;
}

/** The http-level part (upstreams, maps, servers) of deploy/nginx.conf for these ports and folders. */
export function localDeployedNginx(site: LocalNginxSite): string {
  const local = readFileSync(deployFile, 'utf8')
    .replace(/server 127\.0\.0\.1:808\d[^;]*;/g, `server 127.0.0.1:${site.appPort};`)
    .replace(/\/var\/lib\/webinar-courses\/recordings\//g, `${site.dataDir}/recordings/`)
    .replace(/\/var\/cache\/nginx\/webinar-courses-recording-checks/g, site.cacheDir)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${site.port};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${site.redirectPort};`)
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace(/^\s*ssl_.*\n/gm, '');
  // What is replaced must have been there, and nothing else of the machine it was written for may stay.
  if (/ssl|\/var\/|808\d/.test(local)) throw new Error('deploy/nginx.conf names a port, folder or TLS setting that localDeployedNginx does not replace');
  return local;
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
