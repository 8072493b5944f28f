// `npx tsx scripts/letterLogo.ts`: renders public/logo.svg as the 96 px PNG letters show (mail clients do not show
// SVG) into server/assets/letter-logo.png. The server reads the file instead of rendering it, so that sending letters
// does not load sharp and libvips (some 20 MB resident for good); server/tests/letterTemplate.test.ts fails when
// the file no longer matches the logo.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const LETTER_LOGO_SIZE = 96;
export const letterLogoFile = fileURLToPath(new URL('../server/assets/letter-logo.png', import.meta.url));
const logoSvg = fileURLToPath(new URL('../public/logo.svg', import.meta.url));

export function renderLetterLogo(): Promise<Buffer> {
  return sharp(readFileSync(logoSvg), { density: 300 }).resize(LETTER_LOGO_SIZE, LETTER_LOGO_SIZE).png({ compressionLevel: 9 }).toBuffer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(letterLogoFile, await renderLetterLogo());
  process.stdout.write(`Written ${letterLogoFile}\n`);
}
