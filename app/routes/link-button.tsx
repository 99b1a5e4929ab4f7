import { createLink } from '@tanstack/react-router';
import { ButtonAnchor } from '../ui/button-anchor';

/**
 * A router link that looks like app/ui's Button: typed `to`/`params`/`search`, client-side
 * navigation (app/ui's ButtonLink is a react-aria link, which reloads the page without a router).
 * It lives beside the routes because app/ui knows no router.
 */
export const LinkButton = createLink(ButtonAnchor);
