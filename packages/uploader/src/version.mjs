/** The program's version (kept equal to package.json's by the uploader tests; no JSON import in the bundle). */
export const VERSION = '0.1.0';
