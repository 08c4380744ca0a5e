/**
 * The public pages' form schemas, loaded by those pages as they mount rather than in their first
 * load (useZodForm's loader form): zod arrives after the page has painted.
 */
export { loginBody } from '@rushes/shared';
