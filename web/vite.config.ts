import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** Write .br and .gz beside each text asset so the gateway serves them precompressed (no CPU per request). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'leadmarket-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The page chunks a route needs, started from index.html itself: a tiny inline script adds
 * <link rel="modulepreload"> (and a style preload) for the current path's page chunk, its static imports
 * and its CSS, so they load alongside the main chunk instead of after it has run.
 * `routes` maps a path to the source modules (relative to web/) its page loads.
 */
function routePreload(routes: Record<string, string[]>): Plugin {
  const filesOf = (bundle: OutputBundle, entry: string): string[] => {
    const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
    const start = chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${entry}`));
    if (!start) throw new Error(`routePreload: no chunk for ${entry}`);
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (chunk.isEntry || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const name of chunk.imports) visit(bundle[name] as OutputChunk);
    };
    visit(start);
    return [...files];
  };
  return {
    name: 'leadmarket-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const groups: string[][] = [];
        const index: Record<string, number> = {};
        for (const [path, entries] of Object.entries(routes)) {
          const files = [...new Set(entries.flatMap((e) => filesOf(ctx.bundle!, e)))];
          let i = groups.findIndex((g) => g.join() === files.join());
          if (i < 0) i = groups.push(files) - 1;
          index[path] = i;
        }
        const script =
          `(function(){var f=${JSON.stringify(groups)}[${JSON.stringify(index)}[location.pathname.replace(/(.)\\/+$/,'$1')]];` +
          `f&&f.forEach(function(h){var l=document.createElement('link'),c=/\\.css$/.test(h);` +
          `l.rel=c?'preload':'modulepreload';if(c)l.as='style';l.crossOrigin='';l.href='/'+h;document.head.appendChild(l)})})()`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

/** The entry stylesheet inlined into index.html (it is small), so no request blocks the first paint. */
function inlineEntryCss(): Plugin {
  return {
    name: 'leadmarket-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = ctx.bundle![file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

// The industry pages fetch without SWR (lib/service-catalogue.ts), so SWR is not preloaded with them.
const INDUSTRY_PAGE = ['src/features/lead-forms/pages/industry-page.tsx'];

export default defineConfig({
  plugins: [
    react(),
    routePreload({
      '/': ['src/features/public-site/pages/landing-page.tsx'],
      '/hvac': INDUSTRY_PAGE,
      '/legal': INDUSTRY_PAGE,
      '/real-estate': INDUSTRY_PAGE,
      '/finance': INDUSTRY_PAGE,
      '/insurance': INDUSTRY_PAGE,
      '/healthcare': INDUSTRY_PAGE,
      '/auto': INDUSTRY_PAGE,
    }),
    inlineEntryCss(),
    precompress(),
  ],
  // contracts/csv writes CSV with csv-stringify; its Node build needs Node's Buffer, which a browser
  // lacks (the admin page failed to load). The package ships a browser build of the same API.
  resolve: { alias: { 'csv-stringify/sync': 'csv-stringify/browser/esm/sync' } },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
  server: { proxy: { '/.netlify': 'http://localhost:8080', '/dev': 'http://localhost:8080' } },
});
