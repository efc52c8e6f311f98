import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const root = new URL('.', import.meta.url).pathname;
/** Where `vite dev` forwards API and socket.io calls (the API started by `npm start`). */
const api = 'http://127.0.0.1:3000';

/**
 * Brotli and gzip copies of every text file of the build, written once here (Node's zlib) and served by the API when
 * the browser accepts them (apps/api/src/web-app.ts): `npm start` serves the app compressed without nginx.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of 1 kB or more (a copy no smaller
 * is not written); source maps are not served in production, so not compressed. zlib's thread pool does the work.
 */
async function precompressDir(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => COMPRESSIBLE.test(name) && statSync(path.join(dir, name)).isFile());
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const raw = await readFile(file);
      if (raw.length < 1024) return;
      const [br, gz] = await Promise.all([brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }), gzipped(raw, { level: 9 })]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

/**
 * Writes the build's id into the service worker (public/sw.js's `__DCS_BUILD__`): a digest of every other file the
 * build serves, so a deploy that changes any of them changes sw.js too, and browsers replace the worker and its
 * offline copy of the shell (the worker names its cache after the id and deletes the others).
 */
async function stampServiceWorker(dir: string): Promise<void> {
  const sw = path.join(dir, 'sw.js');
  const served = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== 'sw.js' && !/\.(map|br|gz)$/.test(name) && statSync(path.join(dir, name)).isFile())
    .sort();
  const digest = createHash('sha256');
  for (const name of served) digest.update(name).update('\0').update(await readFile(path.join(dir, name))).update('\0');
  const source = await readFile(sw, 'utf8');
  if (!source.includes('__DCS_BUILD__')) throw new Error('public/sw.js no longer has its __DCS_BUILD__ mark');
  await writeFile(sw, source.replace('__DCS_BUILD__', digest.digest('hex').slice(0, 16)));
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dcs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = new URL(config.build.outDir, `file://${config.root}/`).pathname;
    },
    // after the bundles and the public folder (boot.js, the service worker) are written; the worker is stamped first
    async closeBundle() {
      await stampServiceWorker(outDir);
      await precompressDir(outDir);
    },
  };
}

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
      // the one time formatter of the page, the notices and the e-mails (issue 43)
      '@dcs/common/time': new URL('../../libs/common/src/time', import.meta.url).pathname,
      // the house tables' own rules (which rulesets are always workout tables), not a copy
      '@dcs/house': new URL('../../libs/house/src', import.meta.url).pathname,
    },
  },
  plugins: [precompress()],
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
        // PLUGIN_TIMINGS: the precompression above takes most of the build's time, by design (it runs once, here)
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE' && warning.code !== 'PLUGIN_TIMINGS') warn(warning);
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
