// Runs before `npm run dev`: the Vite dev server uses the same local D1 (.wrangler/state).
import { prepareLocalDatabase } from './lib/prepare-local';

await prepareLocalDatabase();
