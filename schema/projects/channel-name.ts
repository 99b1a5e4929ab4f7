/**
 * A team channel's name (the `channel:<workspace>:<name>` document): lower-case letters, digits and
 * dashes, at most 40. Kept apart from schema/projects (zod) so the route that reads it from the
 * address stays out of the landing page's code.
 */
export const CHANNEL_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
