import { suggestedDateBound } from './date-rule-checks.ts'
import { errorCatalogue as errors, say, type Said } from './error-catalogue.ts'
import { DATE_BOUND_PATTERN } from '../../site/date-rules.ts'

/**
 * Regular expressions from the schemas, explained. A person cannot read `^/([A-Za-z0-9_-]+…$`,
 * so the patterns the schemas use are recognised and the actual fault in the value is named;
 * any other pattern falls back to the property's description, which says the expected form.
 */
export function describePattern(name: string, value: string, pattern: string, description: string | undefined): Said {
  if (pattern.startsWith('^/([A-Za-z0-9_-]+')) return say(errors.badPageAddress, { name, value, fault: pagePathFault(value) })
  if (pattern === '^(/|https?://|mailto:|tel:)') return say(errors.badLinkTarget, { name, value })
  if (pattern === '^/') return say(errors.notAPage, { name, value })
  if (pattern === '^https?://') return say(errors.badWebAddress, { name, value })
  if (pattern.startsWith('^https?://[^/?#')) {
    // https:// with no host is no web address at all (value-checks.ts says so in the same words).
    if (/^https?:\/\//.test(value) && !URL.canParse(value)) return say(errors.badWebAddress, { name, value })
    return say(errors.badSiteAddress, { name, value, fault: siteAddressFault(value) })
  }
  if (pattern.includes('(January|February|')) return say(errors.badDate, { name, value })
  if (pattern === DATE_BOUND_PATTERN) return say(errors.badDateBound, { name, value, fault: '', suggestion: suggestedDateBound(value) })
  if (pattern.startsWith('^/[^\\s]+\\.(')) {
    const extensions = /\(([^)]*)\)/.exec(pattern)?.[1]?.replace('jpe?g', 'jpg|jpeg').split('|') ?? []
    return say(errors.badPicturePath, { name, value, fault: imagePathFault(value), extensions })
  }
  if (pattern === '^[a-z0-9-]+$') {
    const suggestion = value
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    return say(errors.badSlug, { name, value, suggestion: suggestion || undefined, description })
  }
  return say(errors.unexpectedForm, { name, value, description })
}

function pagePathFault(value: string): string {
  if (!value.startsWith('/')) return `Start it with /: "/${value}". `
  if (value.length > 1 && value.endsWith('/')) return `Remove the / at the end: "${value.replace(/\/+$/, '')}". `
  if (value.includes('//')) return 'It has two slashes in a row. '
  const bad = /[^A-Za-z0-9_\-/]/.exec(value)?.[0]
  if (bad) return bad === ' ' ? 'It contains a space; use - or _ instead. ' : `It contains "${bad}", which addresses cannot use; use - or _ instead. `
  return ''
}

function imagePathFault(value: string): string {
  if (/^https?:\/\//.test(value)) return 'Pictures must be files of this site, not web addresses: save the file under public/. '
  if (!value.startsWith('/')) return `Start it with /: "/${value.replace(/^(\.\/)?(public\/)?/, '')}". `
  if (/\s/.test(value)) return 'File names cannot contain spaces; rename the file with - instead. '
  return ''
}

function siteAddressFault(value: string): string {
  const scheme = /^https?:\/\//i.exec(value)?.[0]
  if (!scheme) return /^[a-z][a-z0-9+.-]*:/i.test(value) ? 'The site is served over https:// (or http://). ' : `Start it with https://: "https://${value.replace(/^\/+/, '')}". `
  const rest = value.slice(scheme.length)
  const host = /^[^/?#]*/.exec(rest)?.[0] ?? ''
  if (host.includes('@')) return 'Leave out the user name and password before @. '
  if (rest === host + '/') return `Remove the / at the end: "${scheme}${host}". `
  if (rest !== host) return `Leave out everything after the host name: "${scheme}${host}"; the site is served from the root of its address. `
  return ''
}
