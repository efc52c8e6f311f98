import { defineConfig } from 'vite';

const root = new URL('.', import.meta.url).pathname;
/** Where `vite dev` forwards API and socket.io calls (the API started by `npm start`). */
const api = 'http://127.0.0.1:3000';

// No React plugin (it conflicts with the repository's peer dependencies): Vite's own oxc
// transform compiles JSX with the automatic runtime. No fast refresh; `vite dev` reloads.
export default defineConfig({
  root,
  // The verifier page (/verify) runs the engine's own code in the browser: its deal, shuffle and rules, not a copy.
  // The live client's shared settings (its reconnection) come from the live contract's folder.
  resolve: {
    alias: {
      '@dcs/engine': new URL('../../libs/engine/src', import.meta.url).pathname,
      '@dcs/common/live': new URL('../../libs/common/src/live', import.meta.url).pathname,
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written beside the bundles for whoever holds the build (error reports, profiling), but not referenced from
    // them: no browser asks for a map, and the API does not serve them in production (apps/web/README.md, "Source maps").
    sourcemap: 'hidden',
    rollupOptions: {
      // TanStack Query's "use client" markers mean nothing without server components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/health': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
