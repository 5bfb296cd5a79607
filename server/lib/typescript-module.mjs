// Where a sibling TypeScript module runs from: its compiled JavaScript when the importing file runs
// from the build (`dist/`, where every .ts has a .js beside it), else the source through tsx.
// Plain JavaScript, so worker threads can use it before any TypeScript loads.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

let tsxRegistered = false;

/** The URL to import for `specifier` (a relative `.ts` path) from the module at `base`. */
export async function typescriptModule(specifier, base) {
  const compiled = new URL(specifier.replace(/\.ts$/, '.js'), base);
  if (fs.existsSync(fileURLToPath(compiled))) return compiled.href;
  if (!tsxRegistered) {
    const { register } = await import('tsx/esm/api');
    register();
    tsxRegistered = true;
  }
  return new URL(specifier, base).href;
}
