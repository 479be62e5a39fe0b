/**
 * Regular expressions from the schemas, explained. A person cannot read `^/([A-Za-z0-9_-]+…$`,
 * so the patterns the schemas use are recognised and the actual fault in the value is named;
 * any other pattern falls back to the property's description, which says the expected form.
 */
export function describePattern(name: string, value: string, pattern: string, description: string | undefined): { message: string; hint?: string } {
  const shown = JSON.stringify(value)
  if (pattern.startsWith('^/([A-Za-z0-9_-]+')) {
    return { message: `${name} is ${shown}, which is not a page address.`, hint: `${pagePathFault(value)}A page address starts with /, uses only letters, digits, - and _ between single slashes and has no / at the end, e.g. /security_solutions/zero_trust.` }
  }
  if (pattern === '^(/|https?://|mailto:|tel:)') {
    return {
      message: `${name} is ${shown}, which is neither a page of the site nor a web, mail or phone address.`,
      hint: /^www\./i.test(value) ? `Write the full web address: "https://${value}".` : 'Links to pages start with / (e.g. /get-quote); other links start with https://, mailto: or tel:.',
    }
  }
  if (pattern === '^/') {
    return { message: `${name} is ${shown}, which is not a page of the site.`, hint: 'It must be a page address starting with /, e.g. /security_solutions.' }
  }
  if (pattern.startsWith('^/[^\\s]+\\.(')) {
    const extensions = /\(([^)]*)\)/.exec(pattern)?.[1]?.replace('jpe?g', 'jpg|jpeg').split('|') ?? []
    return {
      message: `${name} is ${shown}, which is not the path of a picture in public/.`,
      hint: `${imagePathFault(value)}Write the path of a file under public/, starting with / and ending in ${extensions.map((ext) => '.' + ext).join(', ')}, e.g. /images/logos/fortinet.svg.`,
    }
  }
  if (pattern === '^[a-z0-9-]+$') {
    const suggestion = value.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
    return { message: `${name} is ${shown}; it may only contain lowercase letters, digits and -.`, hint: suggestion ? `For example "${suggestion}".` : description }
  }
  return { message: `${name} is ${shown}, which does not have the expected form.`, hint: description }
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
