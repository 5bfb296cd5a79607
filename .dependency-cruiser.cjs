// dependency-cruiser (`npm run deps`): the import graph of server/, shared/, webapp/ and extension/
// has no circle, between files or between folders. The layer rules (which folder may import which)
// are ESLint's (eslint.config.js); this checks what ESLint cannot: cycles.
// Draw the folders: npx depcruise server shared --output-type archi | dot -T svg > house.svg
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two files that need each other: move what both use into a file below them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment: 'Two folders that import each other: one of the arrows runs back up.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Production code only: tests and their helpers import every floor they drive.
    exclude: { path: ['(^|/)(node_modules|dist|\\.output|\\.wxt)/', '\\.test\\.tsx?$', '(^|/)(test|testing|test-fixtures)/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: {
      archi: { collapsePattern: '^(server/(machinery|services)/[^/]+|server/[^/]+|shared/[^/]+|webapp/src/[^/]+(/[^/]+)?|extension/[^/]+)' },
    },
  },
};
