import fs from 'node:fs'
import path from 'node:path'
import { MULTIPART_LIMIT_BYTES } from '../../server/forms/read-multipart-body.ts'
import { builtSiteFiles, type BuiltLanguage, type PagePolicy } from '../../site/built-site-files.ts'
import { nginxServerBlock, type NginxSiteOptions, type RouteEntry } from './nginx-config.ts'

/** Debian's brotli_static module (libnginx-mod-http-brotli-static), when installed. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

/** The server block for a built dist/, reading the route table and page policies the build wrote there. */
export function siteServerBlock(distDir: string, options: Pick<NginxSiteOptions, 'upstreams' | 'listen' | 'hsts' | 'brotli' | 'pages'>): string {
  const routes = JSON.parse(fs.readFileSync(path.join(distDir, '.site-routes.json'), 'utf8')) as RouteEntry[]
  const policies = JSON.parse(fs.readFileSync(path.join(distDir, '.site-security.json'), 'utf8')) as Record<string, PagePolicy>
  const languagesFile = path.join(distDir, builtSiteFiles.languages)
  const languages = fs.existsSync(languagesFile) ? (JSON.parse(fs.readFileSync(languagesFile, 'utf8')) as BuiltLanguage[]) : []
  const languagePrefixes = languages.flatMap((language) => (language.prefix ? [language.prefix] : []))
  return nginxServerBlock({ ...options, distDir: path.resolve(distDir), routes, policies, languagePrefixes, bodyLimitBytes: MULTIPART_LIMIT_BYTES })
}
