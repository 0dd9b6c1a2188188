// The shipped nginx configuration (deploy/nginx/chtcht.conf) made runnable on this machine: its
// placeholders (server_name's ports, the certificate paths, the upstream's servers) replaced, and
// the main file that /etc/nginx/nginx.conf would give it, with nginx's own files in a directory of
// the caller's. Used by the test of that file and by the cluster bench (bench/lib/cluster.ts).
import { readFileSync } from "node:fs";

export const NGINX = "/usr/sbin/nginx";

export const SHIPPED_NGINX_SITE = readFileSync(
  new URL("../../../deploy/nginx/chtcht.conf", import.meta.url),
  "utf8",
);

/** The shipped file with these ports, certificate directory and upstreams in place of its
 * placeholders; a placeholder that is no longer there fails the render, so the file and its users
 * move together. */
export function renderNginxSite(options: {
  httpPort: number;
  httpsPort: number;
  certDir: string;
  upstreams: number[];
}): string {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/nginx/chtcht.conf no longer has ${from}`);
    return text.replace(from, to);
  };
  let conf = SHIPPED_NGINX_SITE;
  conf = replace(conf, /^ {2}server app1:3000 .*\n {2}server app2:3000 .*\n/m, "");
  conf = replace(
    conf,
    /^upstream chtcht \{\n/m,
    `upstream chtcht {\n${options.upstreams
      .map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;\n`)
      .join("")}`,
  );
  conf = replace(conf, /^ {2}listen \[::\]:80;\n/m, "");
  conf = replace(conf, /^ {2}listen \[::\]:443 ssl http2;\n/m, "");
  conf = replace(conf, /^ {2}listen 80;/m, `  listen 127.0.0.1:${options.httpPort};`);
  conf = replace(
    conf,
    /^ {2}listen 443 ssl http2;/m,
    `  listen 127.0.0.1:${options.httpsPort} ssl http2;`,
  );
  conf = replace(conf, /\/etc\/nginx\/tls\//g, `${options.certDir}/`);
  return conf;
}

/** What /etc/nginx/nginx.conf gives the shipped http-level file, in a directory of the caller's. */
export function nginxMainConfig(dir: string, include: string, workerConnections = 256): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${include};
}
`;
}
