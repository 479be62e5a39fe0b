/** The forms section of site.config.json: it arrives with the pages that have a form (kit/config.ts). */
export { formsConfig } from '../../kit/config'
