import type { CustomPlugin, XastElement, XastParent } from 'svgo'

const svgNamespace = 'http://www.w3.org/2000/svg'
// Names are compared in lower case: XML tells <SCRIPT> from <script>, but an SVG written into an
// HTML page is read by the HTML parser, which does not, and runs either.
/** Elements that run code or embed another document: never part of a picture on the site. */
const activeElements = new Set(['script', 'handler', 'foreignobject'])
/** SMIL animation, which can set an attribute (an href, an event handler) after the file was checked. */
const animationElements = new Set(['animate', 'animatecolor', 'animatemotion', 'animatetransform', 'set'])

/**
 * Whether CSS (a `style` attribute, a presentation attribute such as `fill`, a <style> sheet)
 * loads nothing: every url() points at an element of the same file (#id), and nothing else that
 * can name a file is there (@import, image-set(), image(), src()). A backslash can spell any of
 * these as a CSS escape (`u\72l(`), so CSS with one is not taken either.
 */
function cssIsSelfContained(css: string): boolean {
  if (/@import|image-set\(|\bimage\(|\bsrc\(|\\/i.test(css)) return false
  for (const match of css.matchAll(/url\s*\(\s*['"]?\s*(.?)/gi)) if (match[1] !== '#') return false
  return true
}

/** A name without its prefix, in lower case. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase()
/** The value of the attribute with this local name (lower case), whatever its case and prefix. */
const attributeValue = (node: XastElement, local: string) => Object.entries(node.attributes).find(([name]) => localName(name) === local)?.[1]
const prefixOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : '')
const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text)

/**
 * An svgo plugin that makes an SVG self-contained and inert: it takes out what runs code (scripts,
 * event-handler attributes, <foreignObject>), every reference to another file (an href that is not
 * a #fragment of the file itself, a url() to anything but an #id, @import), every element outside
 * the SVG namespace (HTML put inside the SVG, editors' private markup) and processing instructions
 * such as <?xml-stylesheet?>. Element and attribute names are matched in any case. Comments go
 * (an HTML parser ends `<!-->` at once and reads what follows as markup) and CDATA sections become
 * plain text (written back with < and & escaped), so no markup hides in either. What it took out
 * is added to `removed`, in words for the author. svgo's removeScripts runs after it as a second line.
 */
export function selfContainedSvg(removed: Set<string>): CustomPlugin {
  return {
    name: 'selfContainedSvg',
    fn: () => {
      // The namespaces declared on each open element, innermost last (prefix '' is the default one).
      const scopes: Map<string, string>[] = []
      const namespaceOf = (prefix: string) => {
        for (const scope of scopes.toReversed()) if (scope.has(prefix)) return scope.get(prefix)
        // The outermost <svg> may leave out its xmlns (svgRoot adds it); a prefix nobody declared names no namespace.
        return prefix === '' ? svgNamespace : undefined
      }
      const take = (node: XastElement, parent: XastParent, why: string) => {
        parent.children = parent.children.filter((child) => child !== node)
        removed.add(why)
      }
      return {
        comment: {
          enter(node, parent) {
            parent.children = parent.children.filter((child) => child !== node)
          },
        },
        cdata: {
          enter(node, parent) {
            parent.children = parent.children.map((child) => (child === node ? { type: 'text', value: node.value } : child))
          },
        },
        instruction: {
          enter(node, parent) {
            if (node.name === 'xml') return
            parent.children = parent.children.filter((child) => child !== node)
            removed.add(`the instruction <?${node.name}?>`)
          },
        },
        element: {
          enter(node, parent) {
            scopes.push(
              new Map(Object.entries(node.attributes).flatMap(([name, value]) => (name === 'xmlns' ? [['', value]] : name.startsWith('xmlns:') ? [[name.slice(6), value]] : []))),
            )
            const element = localName(node.name)
            if (namespaceOf(prefixOf(node.name)) !== svgNamespace) return take(node, parent, `<${node.name}>, which is not SVG`)
            if (activeElements.has(element)) return take(node, parent, `a <${node.name}> element`)
            const animated = localName(attributeValue(node, 'attributename') ?? '')
            if (animationElements.has(element) && (animated === 'href' || animated.startsWith('on'))) return take(node, parent, `an <${element}> that changes ${animated}`)
            if (element === 'style' && node.children.some((child) => (child.type === 'text' || child.type === 'cdata') && !cssIsSelfContained(child.value))) {
              return take(node, parent, 'a <style> sheet that loads other files')
            }
            for (const [name, value] of Object.entries(node.attributes)) {
              const attribute = localName(name)
              if (name === 'xmlns' || name.startsWith('xmlns:')) continue
              if (attribute.startsWith('on')) removed.add(`the ${name} attribute (a script) of <${node.name}>`)
              else if (attribute === 'href' && !value.trim().startsWith('#')) removed.add(`a link to "${shorten(value)}" (${name} of <${node.name}>)`)
              else if (attribute !== 'href' && !cssIsSelfContained(value)) removed.add(`a reference to another file in the ${name} of <${node.name}>`)
              else continue
              delete node.attributes[name]
            }
          },
          exit() {
            scopes.pop()
          },
        },
      }
    },
  }
}
