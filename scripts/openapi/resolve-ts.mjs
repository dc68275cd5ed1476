// Lets Node run the TypeScript sources as they are (type stripping): a relative `./x.js`
// import that finds no file resolves to `./x.ts`, as TypeScript and Vite read it.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.\.?\//.test(specifier) && specifier.endsWith('.js')) return next(`${specifier.slice(0, -3)}.ts`, context);
      throw error;
    }
  },
});
