// Every business fact, one named export each: `site` (../site.ts) is this module's namespace.
export * from './company.ts';
export * from './founders.ts';
export * from './partners.ts';
