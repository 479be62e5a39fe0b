import type { PagePolicy } from '../../site/built-site-files.ts'
import { securityHeadersFor } from '../../server/http/security-headers.ts'

export interface RouteEntry {
  path: string
  aliases: string[]
}

export interface NginxSiteOptions {
  /** Absolute path of the built site. */
  distDir: string
  /** The Node server(s) behind /api/, /health and /ready, as host:port. */
  upstreams: string[]
  /** What nginx listens on, e.g. 80 or 127.0.0.1:8080. */
  listen: string | number
  routes: RouteEntry[]
  /** A site of several languages: the prefixes of its languages but the default ('/bn'), whose unknown addresses get that language's 404 page. */
  languagePrefixes?: string[]
  /** dist/.site-security.json: each page's script hashes and framed origins. */
  policies: Record<string, PagePolicy>
  hsts: boolean
  /** client_max_body_size: the résumé limit plus the multipart framing around it. */
  bodyLimitBytes: number
  /** Serve the .br files too (needs Debian's libnginx-mod-http-brotli-static loaded). */
  brotli: boolean
  /**
   * Where pages come from: the files of dist/, each route a location of its own (a site that
   * changes only by a new build), or the Node server (a site the editor publishes to: a new
   * version's pages, routes and aliases are served at once, with no nginx change).
   */
  pages?: 'files' | 'node'
}

/** An nginx string: our header values hold no quote, backslash or $, so quoting them is enough. */
function quote(value: string): string {
  if (/["\\$]/.test(value)) throw new Error(`Cannot put ${value} in an nginx string`)
  return `"${value}"`
}
const regexEscape = (path: string) => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * add_header lines for an answer: nginx drops the headers of an outer block as soon as a
 * location adds one of its own, so every location that adds any repeats the whole set.
 */
function headerLines(policy: PagePolicy | undefined, hsts: boolean, cacheControl: string): string[] {
  const headers = { ...securityHeadersFor(policy, { hsts }), 'Cache-Control': cacheControl }
  return Object.entries(headers).map(([name, value]) => `add_header ${name} ${quote(value)} always;`)
}

/**
 * The Node upstream's name, the same neutral one for every site (deploy/site.service is `site` too).
 * Upstream names are shared by nginx's whole http block: a second site on the same nginx renames its own.
 */
const upstreamName = 'site_node'

const indent = (lines: string[], depth: number) => lines.map((line) => (line ? ' '.repeat(depth) + line : line))

/**
 * The nginx server block for the built site, generated from its route table (issue: pages on
 * nginx or any CDN, the API behind them). It does what server/static/serve-site.ts does:
 * pages with their own Content-Security-Policy and `no-cache`, hashed assets cached for a year,
 * every other spelling of a page (aliases, letter case, a trailing slash) a 301 to its canonical
 * path, unknown paths the 404 page with status 404; /api/, /health and /ready go to Node, and
 * /metrics (Node's, for a local scraper) is a 404 here.
 */
export function nginxServerBlock(options: NginxSiteOptions): string {
  if (options.pages === 'node') return publishedSiteBlock(options)
  const { hsts } = options
  const pageCache = 'no-cache'
  const lines: string[] = [
    ...serverPrologue(options),
    `    error_page 404 /404.html;`,
    ``,
    `    # The form API, the probes, the visual editor (its sign-in, pages and API, when EDITOR=on;`,
    `    # else Node's 404) and drafts' preview links (Cache-Control: no-store, private, passed on and`,
    `    # never cached: no proxy_cache here): Node answers, with its own headers. (First of the regex`,
    `    # locations, so no page spelling below can take them.)`,
    `    location ~ ^/(?:api/|_editor(?:/|$)|_preview/|health$|ready$) {`,
    ...indent(proxyLines(), 8),
    `    }`,
    ``,
    ...metricsAndAssets(hsts),
    `    # The server's own files (route table, policies, build stamp) are not for visitors.`,
    `    location ~ /\\. {`,
    `        return 404;`,
    `    }`,
    ``,
    `    location = /404.html {`,
    `        internal;`,
    ...indent(headerLines(options.policies['/404.html'], hsts, pageCache), 8),
    `    }`,
    ``,
    ...languageNotFoundLines(options, pageCache),
    `    # Each page at its canonical path, with its own policy.`,
  ]
  for (const route of options.routes) {
    const file = route.path === '/' ? '/index.html' : `${route.path}/index.html`
    lines.push(`    location = ${route.path} {`, ...indent([...headerLines(options.policies[route.path], hsts, pageCache), `try_files ${file} =404;`], 8), `    }`)
  }
  lines.push(``, `    # Other spellings of a page (aliases, letter case, a trailing slash): 301 to the canonical path.`)
  for (const route of options.routes) {
    const spellings = [route.path, ...route.aliases].map((spelling) => (spelling === '/' ? '' : regexEscape(spelling)))
    const pattern = `^(?:${[...new Set(spellings)].join('|')})/*$`
    if (route.path === '/') {
      lines.push(`    location ~ ^//+$ {`, `        return 301 /$is_args$args;`, `    }`)
      if (route.aliases.length) lines.push(`    location ~* ^(?:${route.aliases.map(regexEscape).join('|')})/*$ {`, `        return 301 /$is_args$args;`, `    }`)
      continue
    }
    lines.push(`    location ~* ${pattern} {`, `        return 301 ${route.path}$is_args$args;`, `    }`)
  }
  lines.push(
    ``,
    `    # Everything else: a file of the site (images, sitemap.xml, robots.txt) or the 404 page.`,
    `    location / {`,
    ...indent([...headerLines(undefined, hsts, pageCache), 'try_files $uri =404;'], 8),
    `    }`,
    `}`,
    ``,
  )
  return lines.join('\n')
}

/** Each other language's 404 page (/bn/404.html), answered for an unknown address under its prefix as Node answers it. */
function languageNotFoundLines(options: NginxSiteOptions, pageCache: string): string[] {
  return (options.languagePrefixes ?? []).flatMap((prefix) => [
    `    location = ${prefix}/404.html {`,
    `        internal;`,
    ...indent(headerLines(options.policies[`${prefix}/404.html`], options.hsts, pageCache), 8),
    `    }`,
    `    location ${prefix}/ {`,
    `        error_page 404 ${prefix}/404.html;`,
    ...indent([...headerLines(undefined, options.hsts, pageCache), 'try_files $uri =404;'], 8),
    `    }`,
    ``,
  ])
}

/**
 * The server block in front of a site the editor publishes to: nginx serves the content-hashed
 * scripts and styles of the code build from disk (the same in every version, cached for a year),
 * and passes everything else to Node, which serves the current version's pages, aliases, pictures
 * and 404 page from memory with their policies. A publication changes nothing here.
 */
function publishedSiteBlock(options: NginxSiteOptions): string {
  return [
    ...serverPrologue(options),
    ``,
    ...metricsAndAssets(options.hsts, '@published'),
    `    # What each publish adds under /assets/ (content-hashed too: the resized copies of pictures,`,
    `    # the shared data of the site's pages) is in its version only: from Node, which has them.`,
    `    location @published {`,
    ...indent(proxyLines(), 8),
    `    }`,
    ``,
    `    # Pages, their other spellings, pictures, the form API, the probes and the editor: the current`,
    `    # published version, from Node, with its own headers.`,
    `    location / {`,
    ...indent(proxyLines(), 8),
    `    }`,
    `}`,
    ``,
  ].join('\n')
}

/** The upstream and the server block's settings, up to its locations: the same in both kinds of block. */
function serverPrologue(options: NginxSiteOptions): string[] {
  return [
    ...upstreamLines(options),
    `server {`,
    `    listen ${options.listen};`,
    `    server_name _;`,
    `    root ${options.distDir};`,
    `    server_tokens off;`,
    `    # Redirects say only the path ("Location: /about"): an absolute one would echo the client's Host.`,
    `    absolute_redirect off;`,
    `    charset utf-8;`,
    `    # Precompressed by the build: no compression work per request.`,
    `    gzip_static on;`,
    ...(options.brotli
      ? [`    # Needs Debian's libnginx-mod-http-brotli-static (load_module …/ngx_http_brotli_static_module.so).`, `    brotli_static on;`]
      : [`    # brotli_static on;  (load Debian's libnginx-mod-http-brotli-static to serve the .br files)`]),
    `    gzip_vary on;`,
    `    # The résumé limit (5 MB) plus the multipart framing; larger uploads get 413 here.`,
    `    client_max_body_size ${options.bodyLimitBytes};`,
  ]
}

/** /metrics (a 404 here) and the content-hashed files from disk, else `missing` (a 404, or a named location that has them). */
function metricsAndAssets(hsts: boolean, missing = '=404'): string[] {
  return [
    `    # Node's Prometheus figures are for a scraper on its own machine: proxied, every request would`,
    `    # come from loopback. The 404 page, as for any unknown address.`,
    `    location = /metrics {`,
    `        return 404;`,
    `    }`,
    ``,
    `    # Content-hashed files never change: cache them for a year.`,
    `    location ^~ /assets/ {`,
    ...indent([...headerLines(undefined, hsts, 'public, max-age=31536000, immutable'), `try_files $uri ${missing};`], 8),
    `    }`,
    ``,
  ]
}

function upstreamLines(options: Pick<NginxSiteOptions, 'upstreams'>): string[] {
  return [`upstream ${upstreamName} {`, ...options.upstreams.map((upstream) => `    server ${upstream};`), `    keepalive 16;`, `}`, ``]
}

function proxyLines(): string[] {
  return [
    `proxy_pass http://${upstreamName};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    '# The host as the browser wrote it, port included ($host drops it): the editor takes a change only',
    '# from its own origin, which on a port other than 80 or 443 names the port. (Empty, so not sent, when',
    '# the client sent no Host; the Node server (TRUST_PROXY=1) then reads Host.)',
    'proxy_set_header X-Forwarded-Host $http_host;',
    "# The visitor's address for the rate limit: nginx appends the address it saw, and the Node server",
    '# (TRUST_PROXY=1: one proxy in front) believes that last entry only, never what the client sent.',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Request-Id $request_id;',
    '# Stream uploads to Node as they come; Node applies its own limits and timeouts.',
    'proxy_request_buffering off;',
    'proxy_read_timeout 75s;',
  ]
}

export interface RunnableOptions {
  /** The temporary prefix: pid file, temp folders. */
  prefix: string
  serverBlock: string
  /** Absolute path of the brotli_static module to load, when there is one. */
  brotliModule?: string
  /** Running as root: workers drop to this user (the dist folder must be readable by it). */
  workerUser?: string
}

/** A whole nginx.conf around the server block, for running nginx in the foreground without a system install's files. */
export function runnableNginxConf({ prefix, serverBlock, brotliModule, workerUser }: RunnableOptions): string {
  return [
    ...(brotliModule ? [`load_module ${brotliModule};`] : []),
    ...(workerUser ? [`user ${workerUser};`] : []),
    'worker_processes 1;',
    'daemon off;',
    'master_process on;',
    `pid ${prefix}/nginx.pid;`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    '    sendfile on;',
    '    keepalive_timeout 5s;',
    `    client_body_temp_path ${prefix}/client_body;`,
    `    proxy_temp_path ${prefix}/proxy;`,
    `    fastcgi_temp_path ${prefix}/fastcgi;`,
    `    uwsgi_temp_path ${prefix}/uwsgi;`,
    `    scgi_temp_path ${prefix}/scgi;`,
    ...serverBlock.split('\n').map((line) => (line ? `    ${line}` : line)),
    '}',
    '',
  ].join('\n')
}
