// The styles of the shell's parts a built page never hydrates (footer, chat button, skip link, 404
// page): their HTML is prerendered, so the browser's bundle carries their CSS and none of their code.
import './Layout.module.css'
import './footer/Footer.module.css'
import './header/Header.module.css'
import '../pages/NotFound.module.css'
import '../../kit/ui/surfaces.module.css'
