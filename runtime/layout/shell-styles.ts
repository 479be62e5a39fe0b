import layout from './Layout.module.css'
import footer from './footer/Footer.module.css'
import header from './header/Header.module.css'
import notFound from '../pages/NotFound.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

/**
 * The class names of the shell's parts a built page never hydrates (footer, chat button, skip
 * link, 404 page): their HTML is prerendered, so the browser's bundle needs their CSS and none of
 * their code. A stylesheet module nothing reads is dropped from the bundle with its CSS, so the
 * client entry holds on to these.
 */
export const shellStyles = [layout, footer, header, notFound, surfaces]
