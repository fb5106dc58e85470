/** The schema this service owns. */
export const SCHEMA = 'payment';
