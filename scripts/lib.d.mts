// Types of what TypeScript files import from scripts/lib.mjs.
export const root: string;
/** The Node.js options of `npm start` in package.json (production's heap options). */
export function productionNodeOptions(): string[];
