import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite build` builds only the React app into dist/client (wrangler bundles the Worker itself);
// `vite` (npm run dev) also runs the Worker in workerd through the Cloudflare plugin.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    ...(command === 'serve' ? [cloudflare({ configPath: './wrangler.toml', config: { vars: { ENVIRONMENT: 'development' } } })] : []),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // .vite/manifest.json: the bundle-size check reads the module graph from it. public/.assetsignore
    // keeps it from being served or deployed.
    manifest: true,
  },
}));
