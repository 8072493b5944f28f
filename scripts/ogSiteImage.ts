// `npx tsx scripts/ogSiteImage.ts`: draws the site's own link-preview picture (og:image of every page without a
// course cover) from the logo and the site's colours into public/og-image.jpg, 1200×630, a JPEG under 300 kB. The file
// is committed (the text is drawn with the fonts of the machine that runs this: DejaVu or Liberation on Debian), so
// the server never draws it; server/tests/previews.test.ts checks its size and weight.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { OG_IMAGE_SIZE, SITE_DESCRIPTION, SITE_NAME } from '../common/pageMeta.ts';

export const siteOgImageFile = fileURLToPath(new URL('../public/og-image.jpg', import.meta.url));
const logoSvg = fileURLToPath(new URL('../public/logo.svg', import.meta.url));

const PRIMARY = '#1f4e5f';
const CREAM = '#f6ebdd';
const GOLD = '#e7b54a';
const LOGO = 360;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function renderSiteOgImage(): Promise<Buffer> {
  const { width, height } = OG_IMAGE_SIZE;
  const logo = await sharp(readFileSync(logoSvg), { density: 72 * (LOGO / 80) * 2 }).resize(LOGO, LOGO).png().toBuffer();
  const textX = 120 + LOGO + 64;
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="${PRIMARY}"/>
  <rect x="0" y="${height - 24}" width="${width}" height="24" fill="${GOLD}"/>
  <text x="${textX}" y="280" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="700" font-size="104" fill="${CREAM}">${escape(SITE_NAME)}</text>
  <text x="${textX}" y="360" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="${CREAM}">${escape(SITE_DESCRIPTION.split(' для ')[0]!)}</text>
  <text x="${textX}" y="406" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="${CREAM}">для ${escape(SITE_DESCRIPTION.split(' для ')[1] ?? '')}</text>
  <text x="${textX}" y="470" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="${GOLD}">живые занятия с авторами</text>
</svg>`;
  return sharp(Buffer.from(background))
    .composite([{ input: logo, left: 120, top: Math.round((height - 24 - LOGO) / 2) }])
    .flatten({ background: PRIMARY })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(siteOgImageFile, await renderSiteOgImage());
  process.stdout.write(`Written ${siteOgImageFile}\n`);
}
