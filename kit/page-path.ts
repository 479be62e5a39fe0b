import { createContext, useContext } from 'react'

/**
 * The path of the page being shown. A router provides it where there is one (the prerender, `npm
 * run dev`, the editor's preview); a hydrated part of a built page (runtime/islands/) has no
 * router, and is given the path its page was prerendered at, so both render the same.
 */
export const PagePath = createContext('/')

export const usePagePath = (): string => useContext(PagePath)
