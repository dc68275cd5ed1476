// After tsup: the inbox page's files (browser code and styles, served as they are by
// startMockServer) go beside the built testing entry, where src/testing/server/assets.ts
// looks for them: dist/testing/inbox/.
import { cpSync, readdirSync } from 'node:fs';

const from = new URL('../src/testing/server/inbox/', import.meta.url);
const to = new URL('../dist/testing/inbox/', import.meta.url);
cpSync(from, to, { recursive: true });
console.log(`inbox page: ${readdirSync(to).length} files copied to dist/testing/inbox/`);
