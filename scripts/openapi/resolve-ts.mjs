// Lets Node run the TypeScript sources as they are (type stripping): a relative `./x.js`
// import that finds no file resolves to `./x.ts`, as TypeScript and Vite read it; the
// package's own imports (`#transport`, `#tracing`) resolve to the sources of their Node
// variants, as package.json's "imports" map them to the built ones (which may not exist yet).
import { registerHooks } from 'node:module';

const OWN_IMPORTS = {
  '#transport': new URL('../../src/platform/transport.node.ts', import.meta.url).href,
  '#tracing': new URL('../../src/platform/tracing.channels.ts', import.meta.url).href,
};

registerHooks({
  resolve(specifier, context, next) {
    if (Object.hasOwn(OWN_IMPORTS, specifier)) return next(OWN_IMPORTS[specifier], context);
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.\.?\//.test(specifier) && specifier.endsWith('.js')) return next(`${specifier.slice(0, -3)}.ts`, context);
      throw error;
    }
  },
});
