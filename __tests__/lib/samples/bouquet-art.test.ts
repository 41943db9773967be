/** @jest-environment node */
/** Product pictures: every kind renders through sharp (librsvg) to an image of the asked size. */
import sharp from 'sharp';
import type { ImageArt } from '@/lib/server/db/schema';
import { ART_STYLES, renderArtSvg, styledSeed } from '@/lib/samples/bouquet-art';

const KINDS: ImageArt['kind'][] = ['bouquet', 'box', 'vase', 'basket', 'gift', 'cake', 'bottle', 'bear', 'plant', 'balloon', 'candle'];
const FLOWERS: NonNullable<ImageArt['flower']>[] = ['rose', 'chrysanthemum', 'lily', 'gerbera', 'carnation', 'million-stars', 'mixed'];

function art(kind: ImageArt['kind'], seed: number, extra: Partial<ImageArt> = {}): ImageArt {
  return { kind, palette: ['#b3122e', '#d4af37', '#f48fb1'], background: '#fbeef0', seed, ...extra };
}

async function toWebp(svg: string) {
  const webp = await sharp(Buffer.from(svg)).webp().toBuffer();
  return { webp, meta: await sharp(webp).metadata() };
}

describe.each(KINDS)('%s', (kind) => {
  it('converts to a WebP of the requested size', async () => {
    const svg = renderArtSvg(art(kind, 7, { flower: kind === 'bouquet' ? 'rose' : undefined }), 320, 240);
    const { webp, meta } = await toWebp(svg);
    expect(webp.length).toBeGreaterThan(500);
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 240]);
  });

  it('differs between seeds and repeats for the same seed', () => {
    expect(renderArtSvg(art(kind, 1), 600, 600)).not.toBe(renderArtSvg(art(kind, 2), 600, 600));
    expect(renderArtSvg(art(kind, 1), 600, 600)).toBe(renderArtSvg(art(kind, 1), 600, 600));
  });
});

it('draws something other than the background', async () => {
  const svg = renderArtSvg(art('bouquet', 3, { flower: 'rose' }), 200, 200);
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<string>();
  for (let i = 0; i < data.length; i += info.channels * 37) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  expect(colours.size).toBeGreaterThan(20);
});

it('renders every flower style and every kind style, under 30 KB', async () => {
  const arts: ImageArt[] = [];
  for (const flower of FLOWERS) for (const kind of ['bouquet', 'box', 'vase', 'basket'] as const) for (let s = 0; s < 4; s++) arts.push(art(kind, 100 + s, { flower }));
  for (const [kind, styles] of Object.entries(ART_STYLES)) {
    styles.forEach((_, i) => arts.push(art(kind as ImageArt['kind'], 24 + i)));
  }
  for (const a of arts) {
    const svg = renderArtSvg(a, 600, 600);
    expect(svg.length).toBeLessThan(30_000);
    expect(svg).not.toMatch(/<text|foreignObject|var\(/);
  }
  const { meta } = await toWebp(renderArtSvg(art('basket', 1, { flower: 'lily' }), 100, 100));
  expect(meta.width).toBe(100);
});

it('chooses a style from the seed', () => {
  expect(styledSeed(1234, 'bottle', 'champagne') % ART_STYLES.bottle.length).toBe(ART_STYLES.bottle.indexOf('champagne'));
  expect(styledSeed(1234, 'plant', 'cactus') % ART_STYLES.plant.length).toBe(ART_STYLES.plant.indexOf('cactus'));
});

it('ignores colours that are not hex values', async () => {
  const svg = renderArtSvg({ kind: 'gift', palette: ['red"/><script>alert(1)</script>'], background: 'url(x)', seed: 5 }, 120, 120);
  expect(svg).not.toContain('<script');
  expect(svg).not.toContain('url(x)');
  const { meta } = await toWebp(svg);
  expect([meta.width, meta.height]).toEqual([120, 120]);
});
