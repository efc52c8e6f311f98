/**
 * npx tsx scripts/app-icons.ts — draws the installable app's icons (apps/web/public/icons): one SVG domino
 * (a 6|4 tile on the platform's blue), written as the SVG icon and rendered to PNG by Chromium at 192 and
 * 512 px, plus a maskable 512 px PNG (full-bleed background, the tile inside the 80 % safe circle).
 * Run again after changing the drawing; the PNGs are committed (the build only copies public/).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const BLUE = '#0b4f8a';
const INK = '#1a1a1a';

function domino(maskable: boolean): string {
  const pips = [
    [211, 106], [301, 106], [211, 156], [301, 156], [211, 206], [301, 206], // 6
    [211, 306], [301, 306], [211, 406], [301, 406], // 4
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="19" fill="${INK}"/>`)
    .join('');
  // the maskable icon's tile shrinks into the safe zone (a circle of 40 % of the size around the centre)
  const scale = maskable ? 0.7 : 1;
  const tile = `<g transform="translate(256 256) scale(${scale}) rotate(-12) translate(-256 -256)"><rect x="161" y="51" width="190" height="410" rx="30" fill="#ffffff"/><line x1="186" y1="256" x2="326" y2="256" stroke="${INK}" stroke-width="9" stroke-linecap="round"/>${pips}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><rect width="512" height="512" ${maskable ? '' : 'rx="104"'} fill="${BLUE}"/>${tile}</svg>`;
}

async function main(): Promise<void> {
  const dir = join(__dirname, '..', 'apps/web/public/icons');
  writeFileSync(join(dir, 'icon.svg'), `${domino(false)}\n`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const [file, size, maskable] of [['icon-192.png', 192, false], ['icon-512.png', 512, false], ['icon-maskable-512.png', 512, true]] as const) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const svg = Buffer.from(domino(maskable)).toString('base64');
      await page.setContent(`<html><body style="margin:0;background:transparent"><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${svg}"></body></html>`);
      await page.locator('img').evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
      await page.screenshot({ path: join(dir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`wrote ${dir}/icon.svg, icon-192.png, icon-512.png, icon-maskable-512.png`);
}

void main();
