// Bundles the page with esbuild into one ES module + one stylesheet + index.html.
// Usage: node build.mjs [--outdir DIR]   (default: target/classes/hsdba-ui, i.e. into the jar)
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

const args = process.argv.slice(2);
const i = args.indexOf('--outdir');
const outdir = path.resolve(i >= 0 ? args[i + 1] : 'target/classes/hsdba-ui');

await mkdir(outdir, { recursive: true });
await build({
  entryPoints: { app: 'src/main.js' },
  bundle: true,
  format: 'esm',
  target: ['es2020'],
  minify: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  outdir,
  logLevel: 'warning',
});
await build({ entryPoints: { app: 'src/styles.css' }, bundle: true, minify: true, outdir, logLevel: 'warning' });
await copyFile('src/index.html', path.join(outdir, 'index.html'));
console.log(`hsdba-web-ui: built into ${outdir}`);
