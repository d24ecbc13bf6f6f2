/** The settings key marking that the sample projects were seeded (once; they never come back). */
export const PROJECT_SAMPLES_MARKER = 'project_samples_seeded';
/**
 * What the sample environment "This server" held before the server first listened (and what older
 * installs were seeded with): the product's default address.
 */
export const SELF_ENVIRONMENT_PLACEHOLDER = 'http://127.0.0.1:12391';
